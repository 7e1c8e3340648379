/** Follower calls beyond the dataProvider: the CSV export of the list's current filters, and bulk removal. */
import { followerApi } from '../../../contract/api/followers';
import type { Filter } from '../../../contract/list';
import { call } from '../../dataProvider/client';
import { downloadCsv } from '../../dataProvider/download';

export const removeFollowers = (ids: number[]) => call(followerApi.remove, { ids });

/** Downloads followerApi.export for the list's filters and sort. */
export const downloadFollowersCsv = (filters: Filter[], sort?: { col: string; order: 'asc' | 'desc' }) =>
  downloadCsv(followerApi.export, { query: { filters, ...(sort ? { sort } : {}) } }, 'followers.csv');
