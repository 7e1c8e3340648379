/**
 * The media addresses of SPEC §2 and what each shows. The library holds one type of file, `image`; a deeper address
 * names a picture and opens its preview (the only screen a picture has), over the library:
 *
 *   /file, /file/image                  the library
 *   /file/image/{kid}                   the preview of picture {kid}
 *   /file/image/{id}/{action}           the preview of picture {id} (every action is the preview)
 *   /file/image/{kid}/{id}/{action}     the preview of picture {id}
 *
 * Any other type or shape is not found. No React here: unit tests import it directly.
 */
import { INT4_MAX } from '../../../contract/constants';

export const FILE_TYPES = ['image'] as const;
export const LIBRARY_PATH = '/file';

export type FileRoute = { screen: 'library' } | { screen: 'preview'; id: number } | { screen: 'notFound' };

const idOf = (part: string) =>
  /^\d{1,10}$/.test(part) && Number(part) <= INT4_MAX ? Number(part) : undefined;

/** What the part of the address after /file/ asks for. */
export function parseFileRoute(rest: string | undefined): FileRoute {
  const parts = (rest ?? '').split('/').filter(Boolean);
  if (parts.length === 0) return { screen: 'library' };
  if (!(FILE_TYPES as readonly string[]).includes(parts[0]) || parts.length > 4)
    return { screen: 'notFound' };
  if (parts.length === 1) return { screen: 'library' };
  // {kid} alone, or the {id} before the action.
  const id = idOf(parts.length === 4 ? parts[2] : parts[1]);
  if (id === undefined || (parts.length === 4 && idOf(parts[1]) === undefined)) return { screen: 'notFound' };
  return { screen: 'preview', id };
}

export const previewPath = (id: number) => `${LIBRARY_PATH}/image/${id}`;
