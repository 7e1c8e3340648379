/**
 * Image addresses (covers, pictures in content, avatars) that point into the upload store must be the site's own
 * uploads. Keys are `<siteId>/…` (adapters/storage.ts newKey), so the folder of an address says whose file it is; one
 * in another site's folder is refused as a bad link, the same answer as an address that is no link at all. No record
 * is looked up, so the answer says nothing about other sites' files. Addresses elsewhere on the web stay allowed
 * (pasted content keeps its pictures). An address is read as the file server reads it (escapes decoded, dot segments,
 * back and doubled slashes resolved), so that no other spelling of another site's file slips past.
 */
import path from 'node:path';
import type { Deps } from '../../deps';
import type { FieldError } from '../../http/errors';

/** Whether an image address names an upload of another site than `siteId`. */
export function foreignUpload(
  deps: Pick<Deps, 'storage' | 'config'>,
  siteId: number,
): (address: string) => boolean {
  const base = `${deps.config.publicUrl}/`;
  const store = new URL(deps.storage.url(''), base);
  return (address) => {
    let url: URL;
    try {
      url = new URL(address, base);
    } catch {
      return false;
    }
    if (url.origin !== store.origin) return false;
    let file: string;
    try {
      file = path.posix.normalize(decodeURIComponent(url.pathname));
    } catch {
      // Escapes the file server could not read either: not a picture of this site's.
      return true;
    }
    if (!file.startsWith(store.pathname)) return false;
    const folder = file.slice(store.pathname.length).split('/')[0];
    return /^\d+$/.test(folder) && folder !== String(siteId);
  };
}

/**
 * The fields whose address names another site's upload, each as the bad link it is answered as; `[field, address]`
 * pairs in, field errors out (empty when all are the site's own or elsewhere on the web).
 */
export function foreignUploadErrors(
  deps: Pick<Deps, 'storage' | 'config'>,
  siteId: number,
  addresses: readonly (readonly [string, string])[],
): FieldError['fields'] {
  const foreign = foreignUpload(deps, siteId);
  return Object.fromEntries(
    addresses
      .filter(([, address]) => foreign(address))
      .map(([field]) => [field, { message: 'validation.link' }]),
  );
}
