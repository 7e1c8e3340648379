/**
 * `/api/press/translate`, `translate_progress` and `translate_pairs` (contract/api/content.ts): a whole item machine
 * translated into a new language version (service.ts), with the content actions' checks (content/actions.ts).
 */
import { contentApi } from '../../../contract/api/content';
import { action, type SiteContext } from '../../http/action';
import { byId, onItem } from '../content/actions';
import { translateItem, translatePairs, translateProgress } from './service';

export const translateActions = [
  // A call waits on the translation provider for up to translation.waitMs: not in one of the site's turns.
  action({
    ...onItem(contentApi.translate, byId, ['create', 'edit'], (input, s, item) =>
      translateItem(s, item, input),
    ),
    outside: true,
  }),
  onItem(contentApi.translateProgress, byId, ['list'], (input, s, item) =>
    translateProgress(s, item, input.lang_id),
  ),
  action({ ...contentApi.translatePairs, handler: async (_body, ctx: SiteContext) => translatePairs(ctx) }),
];
