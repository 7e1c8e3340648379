/** Writes envelopes. The only place that builds `{code, msg, data}`. */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { Code, codeMessageKey, httpStatus } from '../../contract/codes';
import { pickLocale } from '../../contract/constants';
import type { Envelope } from '../../contract/envelope';
import { t } from '../i18n';
import { AppError, FieldError } from './errors';

/**
 * A handler's data already written as JSON (issue 31), for a reply whose larger parts stay the same between calls
 * (a role's permission lists in member/status): the JSON text in pieces, those that stay the same kept encoded (a
 * Buffer), so that they are neither serialised nor encoded again on every call (what JSON.rawJSON does on a later
 * Node). Sent as its bytes; read back as its value by whoever needs one (runEndpoint, the replies' schema check).
 */
export class JsonData<T = unknown> {
  constructor(readonly parts: readonly (string | Buffer)[]) {}
  value(): T {
    return JSON.parse(Buffer.concat(this.parts.map(encoded)).toString()) as T;
  }
}

const encoded = (part: string | Buffer) => (typeof part === 'string' ? Buffer.from(part) : part);
const OK_OPEN = Buffer.from(`{"code":${Code.OK},"msg":"","data":`);
const OK_CLOSE = Buffer.from('}');

/** A handler's result as a value: a JsonData read back. */
export const dataOf = (data: unknown): unknown => (data instanceof JsonData ? data.value() : data);

/** The bytes of a success envelope around data already written (bench/replyJson.ts measures it). */
export const okBytes = (data: JsonData): Buffer =>
  Buffer.concat([OK_OPEN, ...data.parts.map(encoded), OK_CLOSE]);

export function sendOk(reply: FastifyReply, data: unknown) {
  if (data instanceof JsonData)
    return reply.code(200).header('content-type', 'application/json; charset=utf-8').send(okBytes(data));
  const body: Envelope = { code: Code.OK, msg: '', data: data ?? null };
  return reply.code(200).send(body);
}

function envelopeFor(req: FastifyRequest, err: AppError): { status: number; body: Envelope } {
  const lang = pickLocale(req.headers['accept-language']);
  const key = err.msgKey ?? codeMessageKey(err.code) ?? 'errors.generic';
  let data = err.data;
  if (err instanceof FieldError) {
    const errors: Record<string, string> = {};
    for (const [field, m] of Object.entries(err.fields)) errors[field] = t(lang, m.message, m.args);
    data = { errors };
  }
  return {
    status: httpStatus[err.code] ?? 200,
    body: { code: err.code, msg: t(lang, key, err.args), data: data ?? null },
  };
}

/** Maps a thrown value to an envelope: coded failures as they are, Fastify's 4xx as bad input, the rest as 500. */
export function sendError(req: FastifyRequest, reply: FastifyReply, err: unknown) {
  const { status, body } = failureOf(req, err);
  return reply.code(status).send(body);
}

/**
 * A thrown value as the envelope it answers and its HTTP status, in the caller's language: what sendError sends,
 * for a face that writes failures its own way (the REST face, rest.ts).
 */
export function failureOf(req: FastifyRequest, err: unknown): { status: number; body: Envelope } {
  let appError: AppError;
  if (err instanceof AppError) {
    appError = err;
  } else {
    const fe = err as FastifyError;
    const status = typeof fe?.statusCode === 'number' ? fe.statusCode : 500;
    if (status === 413) appError = new AppError(Code.TOO_LARGE);
    else if (status === 404) appError = new AppError(Code.NOT_FOUND);
    else if (status >= 400 && status < 500) appError = new AppError(Code.BAD_REQUEST);
    else {
      req.log.error({ err }, 'unhandled error');
      appError = new AppError(Code.FAIL);
    }
  }
  return envelopeFor(req, appError);
}

/** zod issues → one message per field (the first), keyed by the dotted path the form uses. */
export function zodFieldErrors(error: z.ZodError): FieldError {
  const fields: FieldError['fields'] = {};
  const put = (field: string, message: string, args?: Record<string, unknown>) => {
    const name = field || '_';
    if (!(name in fields)) fields[name] = args ? { message, args } : { message };
  };
  for (const issue of error.issues) {
    const at = issue.path.map(String).join('.');
    // A missing or emptied value (react-admin sends null for a cleared input) is a required field left empty.
    if (
      issue.code !== 'custom' &&
      issue.code !== 'unrecognized_keys' &&
      (issue.input === undefined || issue.input === null)
    ) {
      put(at, 'validation.required');
      continue;
    }
    switch (issue.code) {
      case 'custom':
        put(at, issue.message, (issue as { params?: Record<string, unknown> }).params);
        break;
      case 'unrecognized_keys':
        for (const key of issue.keys) put(at ? `${at}.${key}` : key, 'validation.unknownField');
        break;
      case 'too_big':
        put(at, issue.origin === 'string' ? 'validation.maxLength' : 'validation.format', {
          n: Number(issue.maximum),
        });
        break;
      case 'too_small':
        put(at, issue.origin === 'string' ? 'validation.minLength' : 'validation.format', {
          n: Number(issue.minimum),
        });
        break;
      default:
        put(at, 'validation.format');
    }
  }
  return new FieldError(fields);
}
