/**
 * The signed-in user's own sites (SPEC §2 /site): list, detail, switching the session's current site; starting
 * without the wizard (a personal site without a plan); and skipping the dashboard's onboarding on the current site.
 */

import { z } from 'zod';
import { EmptyInput } from '../auth';
import { endpoint } from '../endpoint';
import { IdInput, ListInput, listResult } from '../list';
import { RESOURCE_PERMISSIONS } from '../permissions';
import { SkipReply, UserSite, UserSiteDetail } from '../sites';

export const siteApi = {
  visit: endpoint({
    path: 'site/visit',
    input: EmptyInput,
    output: z.object({ url: z.string() }),
    access: 'site',
    summary:
      "A short-lived link to the current site's public address that lets its staff see it while it is unpublished",
  }),
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
  startFree: endpoint({
    path: 'site/start_free',
    input: EmptyInput,
    output: UserSite,
    access: 'user',
    summary:
      "Skips the wizard for now: the user's personal site without a plan, made only when they own none, as current",
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
