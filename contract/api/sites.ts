/**
 * The signed-in user's own sites (SPEC §2 /site): list, detail, switching the session's current site; and skipping
 * the dashboard's onboarding on the current site.
 */
import { EmptyInput } from '../auth';
import { endpoint } from '../endpoint';
import { IdInput, ListInput, listResult } from '../list';
import { RESOURCE_PERMISSIONS } from '../permissions';
import { SkipReply, UserSite, UserSiteDetail } from '../sites';

export const siteApi = {
  list: endpoint({
    path: 'site/list',
    input: ListInput,
    output: listResult(UserSite),
    access: 'user',
    summary: "The user's sites with their role and plan",
  }),
  get: endpoint({
    path: 'site/get',
    input: IdInput,
    output: UserSiteDetail,
    access: 'user',
    summary: "One of the user's sites",
  }),
  switch: endpoint({
    path: 'site/switch',
    input: IdInput,
    output: UserSite,
    access: 'user',
    summary: "Makes one of the user's sites the session's current one",
  }),
  skip: endpoint({
    path: 'site/skip',
    input: EmptyInput,
    output: SkipReply,
    access: 'site',
    permission: RESOURCE_PERMISSIONS.setting.edit,
    summary: "Skips the current site's onboarding",
  }),
};
