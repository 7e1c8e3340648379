/**
 * What integrators import as `publishing-admin/dataProvider` (package.json "exports"): the react-admin dataProvider
 * over the envelope API, its error type and the typed list of resources it serves. The calls go to `/api/*` of the
 * page's own origin with the session cookie, so an app using it is served by (or proxied to) the server.
 */
import { RESOURCE_PERMISSIONS, type ResourceName } from '../../contract/permissions';

export { ApiError } from './client';
export { dataProvider } from './index';
export type { ResourceName };

/** The resources the dataProvider answers for. */
export const resourceNames = Object.keys(RESOURCE_PERMISSIONS) as ResourceName[];
