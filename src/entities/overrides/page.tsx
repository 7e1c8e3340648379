/**
 * Pages (/page): the page tree over the declaration's resource (contract/entities/content.ts) — pages nested and
 * ordered by dragging, the structure and tabs dialogs (src/resources/page) — which the generated list cannot carry.
 * Writing is the writer's (/edit/page/<id>), publishing src/custom/publish's (custom routes).
 */
import PageTree from '../../resources/page/PageTree';
import type { EntityOverrides } from '../overrides';

const overrides: EntityOverrides = { List: PageTree };

export default overrides;
