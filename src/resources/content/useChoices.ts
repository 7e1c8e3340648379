/** The choices of one filter of the panel, cached by react-admin's query client. */
import { useQuery } from '@tanstack/react-query';
import { authorApi } from '../../../contract/api/authors';
import { categoryApi } from '../../../contract/api/categories';
import { tagApi } from '../../../contract/api/labels';
import { PAGE_SIZE_MAX } from '../../../contract/constants';
import { call } from '../../dataProvider/client';
import { type ChoiceSource, toChoices } from './choices';

const firstPage = { query: { page: 1, size: PAGE_SIZE_MAX, sort: { col: 'name', order: 'asc' as const } } };

const choiceCalls: Record<ChoiceSource, (signal: AbortSignal) => Promise<unknown>> = {
  category: (signal) => call(categoryApi.all, firstPage, { signal }),
  tag: (signal) => call(tagApi.all, {}, { signal }),
  author: (signal) => call(authorApi.list, firstPage, { signal }),
};

export function useChoices(source: ChoiceSource) {
  return useQuery({
    queryKey: ['content-choices', source],
    queryFn: async ({ signal }) => toChoices(await choiceCalls[source](signal)),
    staleTime: 60_000,
    retry: false,
  });
}
