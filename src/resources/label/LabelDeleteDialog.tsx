/** The label delete modal (SPEC §2 Modals): asks before deleting, says how many items use the label. */
import { useDelete, useNotify, useRefresh } from 'ra-core';
import { Confirm } from 'react-admin';
import type { Label, LabelType } from '../../../contract/labels';

export interface LabelDeleteDialogProps {
  type: LabelType;
  label: Pick<Label, 'id' | 'name' | 'count'>;
  onClose: () => void;
  onDeleted: () => void;
}

export function LabelDeleteDialog({ type, label, onClose, onDeleted }: LabelDeleteDialogProps) {
  const [remove, { isPending }] = useDelete();
  const notify = useNotify();
  const refresh = useRefresh();

  const confirm = async () => {
    try {
      await remove(
        type,
        { id: label.id, previousData: label as Label },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
      notify(`resources.${type}.deleted`, { type: 'success' });
      refresh();
      onDeleted();
    } catch (err) {
      const message = (err as Error)?.message;
      if (message) notify(message, { type: 'error' });
      onClose();
    }
  };

  return (
    <Confirm
      isOpen
      loading={isPending}
      title={`resources.${type}.deleteTitle`}
      titleTranslateOptions={{ name: label.name }}
      content={label.count > 0 ? `resources.${type}.deleteUsed` : `resources.${type}.deleteBody`}
      contentTranslateOptions={{ count: label.count }}
      confirm="ra.action.delete"
      confirmColor="warning"
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
