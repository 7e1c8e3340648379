/**
 * The actions of a list row, each confirmed first: pin, unpin, take offline, cancel a schedule, delete. On success
 * the lists of the resource reload; on failure the per-type toast shows.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'ra-core';
import type { ContentRow } from '../../../contract/content';
import { pin, unpin, withdraw } from './api';
import type { ContentKind } from './kinds';
import { useContentNotify } from './useContentNotify';

export type RowAction = 'pin' | 'unpin' | 'offline' | 'cancel' | 'delete';

export function useRowAction(kind: ContentKind, action: RowAction) {
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const { done, failed } = useContentNotify(kind);

  const run = (row: ContentRow): Promise<unknown> => {
    switch (action) {
      case 'pin':
        return pin(kind, row.id);
      case 'unpin':
        return unpin(kind, row.id);
      case 'offline':
      case 'cancel':
        return withdraw(kind, row.id);
      case 'delete':
        return dataProvider.delete(kind.resource, { id: row.id, previousData: row });
    }
  };

  return useMutation({
    mutationFn: run,
    onSuccess: () => {
      done(action);
      return queryClient.invalidateQueries({ queryKey: [kind.resource] });
    },
    onError: (error) => failed(action, error),
  });
}
