/**
 * `label/edit` (SPEC §7 "edit/save {id, slug, cover, title, lang_id, type}"): the declaration's save body is run as
 * `label/save`; the flat body of one language is first made into one — the label as the caller reads it, with that
 * language's title and cover set — and then run as `label/save`. Both runs go through the registered actions'
 * pipeline (server/http/action.ts runEndpoint): the same permissions, input rules and writes as label/save itself.
 */
import { labelApi } from '../../../contract/api/labels';
import type { LabelFlatEdit, LabelLang } from '../../../contract/labels';
import { action, runEndpoint, type SiteContext } from '../../http/action';

interface LabelRecord {
  slug: string;
  lang: LabelLang[];
  active: number[];
}

/** The save body of a flat edit. */
async function fromFlat(ctx: SiteContext, flat: LabelFlatEdit) {
  const entry = { lang_id: flat.lang_id, title: flat.title, cover: flat.cover ?? '' };
  if (flat.id === 0)
    return { id: 0, type: flat.type, slug: flat.slug ?? '', lang: [entry], active: [flat.lang_id] };
  const stored = (await runEndpoint(ctx, labelApi.get, {
    body: { id: flat.id, type: flat.type },
    query: {},
  })) as LabelRecord;
  const before = stored.lang.find((l) => l.lang_id === flat.lang_id);
  const lang = before
    ? stored.lang.map((l) => (l === before ? { ...entry, cover: flat.cover ?? before.cover } : l))
    : [...stored.lang, entry];
  return { id: flat.id, type: flat.type, slug: flat.slug ?? stored.slug, lang, active: stored.active };
}

export const labelEditActions = [
  action({
    ...labelApi.edit,
    handler: async (input, ctx) => {
      const body = 'lang' in input ? input : await fromFlat(ctx, input);
      return runEndpoint(ctx, labelApi.save, { body, query: {} }) as never;
    },
  }),
];
