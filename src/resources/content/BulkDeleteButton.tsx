/**
 * Deletes the selected items after a confirmation (each is published with mode -1 by the dataProvider). Failures
 * show the per-type toast once (react-admin's own bulk delete would add its generic one).
 */
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useListContext, useTranslate } from 'ra-core';
import { useState } from 'react';
import { Button, Confirm } from 'react-admin';
import type { ContentKind } from './kinds';
import { useContentNotify } from './useContentNotify';

export function BulkDeleteButton({ kind }: { kind: ContentKind }) {
  const { selectedIds, onUnselectItems } = useListContext();
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const translate = useTranslate();
  const { done, failed } = useContentNotify(kind);
  const [open, setOpen] = useState(false);
  const remove = useMutation({
    mutationFn: () => dataProvider.deleteMany(kind.resource, { ids: selectedIds }),
    onSuccess: () => {
      done('delete');
      onUnselectItems(true);
    },
    onError: (error) => failed('delete', error),
    onSettled: () => {
      setOpen(false);
      return queryClient.invalidateQueries({ queryKey: [kind.resource] });
    },
  });
  const args = {
    smart_count: selectedIds.length,
    name: translate(`resources.${kind.resource}.name`, { smart_count: selectedIds.length }),
  };
  return (
    <>
      <Button label="ra.action.delete" color="error" onClick={() => setOpen(true)}>
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
