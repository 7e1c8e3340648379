/**
 * The resources that are not entities → their endpoints: the table of contract/resources.ts, shared with the server's
 * REST face. Entity resources (contract/entities) are mapped from their declaration (src/entities/api.ts).
 */
export { type ResourceApi, resourceApis } from '../../contract/resources';
