/** The choices of one filter of the panel, cached by react-admin's query client. */
import { useQuery } from '@tanstack/react-query';
import { call } from '../../dataProvider/client';
import { type ChoiceSource, choiceCalls, toChoices } from './choices';

export function useChoices(source: ChoiceSource) {
  const { path, body } = choiceCalls[source];
  return useQuery({
    queryKey: ['content-choices', source],
    queryFn: async ({ signal }) => toChoices(await call(path, body, { signal })),
    staleTime: 60_000,
    retry: false,
  });
}
