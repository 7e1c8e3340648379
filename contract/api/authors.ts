/** The author entity's endpoints (contract/entities/author.ts) and the user's own author. */
import { z } from 'zod';
import { endpoint } from '../endpoint';
import { author } from '../entities/author';
import { RESOURCE_PERMISSIONS } from '../permissions';

export const authorApi = {
  ...author.api,
  mine: endpoint({
    path: 'member/author',
    input: z.strictObject({}),
    output: author.record,
    access: 'site',
    permission: RESOURCE_PERMISSIONS.author.list,
    summary: "The caller's own author on the site, made on first need",
  }),
};
