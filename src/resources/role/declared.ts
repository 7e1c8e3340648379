/**
 * The role screens' tree is the whole tree: every declared entity's own permissions join it when these screens load
 * (contract/permissionGroups.ts), rather than on the first screen, which only checks permissions.
 */
import { declareEntityPermissions } from '../../../contract/permissionGroups';
import { declarations } from '../../entities/registry';

for (const { brief } of declarations) declareEntityPermissions(brief);
