/**
 * Articles (/press): the content list over the declaration's resource (contract/entities/content.ts), kept whole
 * because the generated list cannot carry its drag reordering of the pinned items: status chips, publish times, row
 * and bulk actions, the Word import, the default order (src/resources/content). Writing is the writer's
 * (/edit/post/<id>), publishing src/custom/publish's (custom routes).
 */
import ContentList from '../../resources/content/ContentList';
import type { EntityOverrides } from '../overrides';

const overrides: EntityOverrides = { List: ContentList };

export default overrides;
