/**
 * How one react-admin resource maps onto the endpoint catalogue: the mapping lives in contract/resources.ts, where
 * the server's REST face reads it too; the SPA imports it from here.
 */
export { inputFields, type ResourceApi } from '../../contract/resources';
