/**
 * Places as templates get them (PlaceObject): an article's place card and a pickup option's place. Places are read
 * live at render (never in an item's snapshot); a place's save or delete moves the site's render version
 * (server/entities/actions.ts), so cached pages follow.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { safeUrl } from '../../shared/html';
import type { MediaUrl } from '../../shared/media';
import type { PlaceObject } from '../../workers/objects';
import { type PlaceLang, places } from './schema';

type PlaceRow = Pick<typeof places.$inferSelect, 'id' | 'name' | 'langs' | 'mapUrl' | 'cover'>;

/** A word of the place in `langId`, else in the first language that has it, else ''. */
export function placeWord(langs: PlaceLang[], langId: number, key: 'name' | 'address' | 'hours'): string {
  const own = langs.find((l) => l.lang_id === langId)?.[key]?.trim();
  if (own) return own;
  return langs.map((l) => l[key]?.trim() ?? '').find((v) => v !== '') ?? '';
}

/**
 * A place's name, address and hours in `langId`, each falling back to the first language that has it (the name
 * last to the row's own): a place card's words and a pickup option's (shop/checkout.ts).
 */
export function placeWords(
  row: Pick<PlaceRow, 'name' | 'langs'>,
  langId: number,
): Pick<PlaceObject, 'name' | 'address' | 'hours'> {
  return {
    name: placeWord(row.langs, langId, 'name') || row.name,
    address: placeWord(row.langs, langId, 'address'),
    hours: placeWord(row.langs, langId, 'hours'),
  };
}

export function toPlaceObject(row: PlaceRow, langId: number, media: MediaUrl): PlaceObject {
  const url = safeUrl(row.mapUrl);
  return {
    id: row.id,
    ...placeWords(row, langId),
    // Stored addresses are http(s) only (contract/entities/place.ts); a site path or anything else is not a map.
    map_url: url.startsWith('/') ? '' : url,
    cover: media(row.cover),
  };
}

const columns = {
  id: places.id,
  name: places.name,
  langs: places.langs,
  mapUrl: places.mapUrl,
  cover: places.cover,
};

/** The site's places among `ids`, by id. */
export async function placeRows(db: Db, siteId: number, ids: number[]): Promise<Map<number, PlaceRow>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select(columns)
    .from(places)
    .where(and(eq(places.siteId, siteId), inArray(places.id, ids)));
  return new Map(rows.map((r) => [r.id, r]));
}

/** An item's place for the page, or null when it is gone. */
export async function placeObject(
  at: { db: Db; siteId: number; langId: number; media: MediaUrl },
  id: number,
): Promise<PlaceObject | null> {
  const row = (await placeRows(at.db, at.siteId, [id])).get(id);
  return row ? toPlaceObject(row, at.langId, at.media) : null;
}
