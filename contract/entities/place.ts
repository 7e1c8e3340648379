/**
 * Places (issue 17, SPEC §7 `place list, get, save`): a named location — its name, address and opening hours in each
 * content language, a map link and a cover. Articles link one (`contents.place_id`, shown as a card on the public
 * article) and a logistics option set to one is "pickup at this place" (`logistics.place_id`). Deleting a place
 * unlinks both (FK set null). `name` is the first language's name, kept in step on save (server/entities/place.ts).
 */
import { z } from 'zod';
import { LINK_MAX } from '../constants';
import { defineEntity, field } from '../entity';
import { bounded, ruled } from '../fields';
import { PATTERNS } from '../patterns';
import { RESOURCE_PERMISSIONS } from '../permissions';
import { rules } from '../validation';

export const PLACE_NAME_MAX = 60;
export const PLACE_ADDRESS_MAX = 200;
export const PLACE_HOURS_MAX = 300;

/** A map link: an http(s) address only (never a site path, nor javascript: or any other scheme), or '' for none. */
const mapUrl = ruled(bounded(LINK_MAX), (v) =>
  v === '' ? undefined : PATTERNS.webUrl.re.test(v) ? rules.link(v) : { message: 'validation.link' },
);

export const place = defineEntity({
  name: 'place',
  table: 'places',
  title: 'name',
  fields: {
    /** The first language's name. */
    name: field.readOnly(z.string(), { list: true, filter: 'search', sort: true }),
    lang: field.languages(
      {
        name: field.text(bounded(PLACE_NAME_MAX)),
        address: field.longText(bounded(PLACE_ADDRESS_MAX).default('')),
        hours: field.longText(bounded(PLACE_HOURS_MAX).default('')),
      },
      { column: 'langs' },
    ),
    map_url: field.text(mapUrl.default(''), { list: true }),
    cover: field.image({ list: true }),
    created_at: field.dateTime({ sort: true }),
    updated_at: field.dateTime({ list: true, sort: true }),
  },
  permissions: RESOURCE_PERMISSIONS.place,
  defaultSort: { col: 'id', order: 'desc' },
  refine: (place, ctx) => {
    const lang = place.lang as { name: string }[];
    if (!lang[0] || lang[0].name.trim() === '')
      ctx.addIssue({ code: 'custom', path: ['lang', '0', 'name'], message: 'validation.required' });
  },
  menu: { group: 'content', order: 60, icon: () => import('@mui/icons-material/PlaceOutlined') },
});
