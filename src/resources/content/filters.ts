/**
 * The content lists' filters → the API's filter objects `{col, value, type}` (contract/list.ts), kept with the
 * resource mapping (contract/resources.ts) that both integrator faces share.
 */
export { contentFilters, keywordFilter, pinnedFilter } from '../../../contract/resources';
