/**
 * E-papers (/epaper): the generated list over the declaration's resource (contract/entities/content.ts) with the
 * content screens attached (src/resources/content/listOverrides.tsx): filters, toolbar, cells, row menu, bulk
 * delete, the pinned-first order. A row opens the writer (/edit/epaper/<id>),
 * publishing is src/custom/publish's (custom routes).
 */
import { contentListOverrides } from '../../resources/content/listOverrides';

export default contentListOverrides('epaper');
