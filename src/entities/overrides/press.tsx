/**
 * Articles (/press): the generated list over the declaration's resource (contract/entities/content.ts) with the
 * content screens attached (src/resources/content/listOverrides.tsx): filters, toolbar, cells, row menu, bulk
 * delete, the pinned-first order and the reorder-pinned mode. A row opens the writer (/edit/post/<id>),
 * publishing is src/custom/publish's (custom routes).
 */
import { contentListOverrides } from '../../resources/content/listOverrides';

export default contentListOverrides('press');
