/**
 * Addresses of uploaded media on the public pages. Uploads are stored as paths on the admin's address
 * (`/uploads/<site>/…`, served there only), so a path is made absolute with PUBLIC_URL; web addresses stay as
 * they are; anything else (javascript:, data: …) becomes ''.
 */
import type { Config } from '../config';
import { safeUrl } from './html';

export type MediaUrl = (address: string) => string;

export function mediaUrlOf(config: Pick<Config, 'publicUrl'>): MediaUrl {
  return (address) => {
    const url = safeUrl(address);
    return url.startsWith('/') ? `${config.publicUrl}${url}` : url;
  };
}
