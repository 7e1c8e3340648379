/**
 * The calls that answer a file (the CSV exports of staff, members and followers): posted like any call, the file
 * saved by the browser under the server's name; a refusal still comes as an envelope and throws an ApiError.
 */
import { Code } from '../../contract/codes';
import { TIMEOUT } from '../../contract/constants';
import type { AnyEndpoint, BodyOf } from '../../contract/endpoint';
import type { Envelope } from '../../contract/envelope';
import { storedLocale } from '../i18n/locale';
import { ApiError, codeMessage, fetchWithin, urlFor } from './client';

export async function downloadCsv<E extends AnyEndpoint>(
  endpoint: E,
  body: BodyOf<E>,
  fallbackName: string,
): Promise<void> {
  const response = await fetchWithin(endpoint.timeout ?? TIMEOUT.default)(urlFor(endpoint.path), {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json', 'accept-language': storedLocale() },
    body: JSON.stringify(body ?? {}),
  }).catch(() => {
    throw new ApiError('errors.slow', 0, { code: Code.FAIL, msg: '', data: null });
  });
  if (!response.ok || !response.headers.get('content-type')?.startsWith('text/csv')) {
    const envelope = (await response.json().catch(() => null)) as Envelope | null;
    const reply = envelope ?? { code: Code.FAIL, msg: '', data: null };
    const message = response.status === 403 ? '' : (codeMessage(reply) ?? 'errors.generic');
    throw new ApiError(message, response.status, reply);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
