/**
 * The one bulk delete of the lists: asks first (react-admin's bulk-delete words, naming how many of what), then
 * deletes the selection with the dataProvider's deleteMany (one call where the resource takes several ids) and
 * tells the outcome once — by default react-admin's "N deleted" or the server's message (a 403 is told by the app's
 * own handler); a resource with words of its own passes `onDone` / `onFailed`.
 */
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useListContext, useNotify, useTranslate } from 'ra-core';
import { useState } from 'react';
import { Button, Confirm } from 'react-admin';
import type { ApiError } from '../dataProvider/client';

export function BulkDeleteButton({
  resource,
  label = 'ra.action.delete',
  onDone,
  onFailed,
}: {
  resource: string;
  label?: string;
  onDone?: (count: number) => void;
  onFailed?: (error: unknown) => void;
}) {
  const { selectedIds, onUnselectItems } = useListContext();
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const translate = useTranslate();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const remove = useMutation({
    mutationFn: () => dataProvider.deleteMany(resource, { ids: selectedIds }),
    onSuccess: () => {
      if (onDone) onDone(selectedIds.length);
      else
        notify('ra.notification.deleted', { type: 'info', messageArgs: { smart_count: selectedIds.length } });
      onUnselectItems(true);
    },
    onError: (error) => {
      if (onFailed) return onFailed(error);
      const failure = error as ApiError | null;
      // A refusal (403) stays silent: the app refreshes what the person may do.
      const text = failure?.status === 403 ? '' : failure?.body?.msg || failure?.message;
      if (text) notify(text, { type: 'error' });
    },
    onSettled: () => {
      setOpen(false);
      return queryClient.invalidateQueries({ queryKey: [resource] });
    },
  });
  const args = {
    smart_count: selectedIds.length,
    name: translate(`resources.${resource}.name`, { smart_count: selectedIds.length }),
  };
  return (
    <>
      <Button label={label} color="error" onClick={() => setOpen(true)}>
        <DeleteIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={remove.isPending}
        title="ra.message.bulk_delete_title"
        content="ra.message.bulk_delete_content"
        titleTranslateOptions={args}
        contentTranslateOptions={args}
        confirmColor="warning"
        onConfirm={() => remove.mutate()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
