/**
 * Asks before deleting one record, then deletes it pessimistically (the dialog waits for the server), says so,
 * refreshes the lists and calls `onDeleted`. A refusal is shown with the server's own message and closes the dialog:
 * one place for the files, authors, labels, role and staff screens, which only differ in their words.
 */
import { type Identifier, useDelete, useNotify, useRefresh } from 'ra-core';
import { Confirm } from 'react-admin';
import type { ApiError } from '../dataProvider/client';

export interface DeleteDialogProps {
  resource: string;
  record: { id: Identifier };
  /** The name the title shows (`%{name}`). */
  name: string;
  /** Translation keys: the question, its body and the success message. */
  title: string;
  content: string;
  contentTranslateOptions?: object;
  done: string;
  /** The confirm button's words; 'delete' unless the screen says 'remove'. */
  confirm?: string;
  /**
   * Refresh every query after deleting. A detail page that navigates away says false: refreshing would fetch its own,
   * now missing, record once more.
   */
  refreshAfter?: boolean;
  /** A refusal with this error code is expected (e.g. the record is still in use): shown as a warning. */
  warnCode?: number;
  onClose: () => void;
  onDeleted: () => void;
}

export function DeleteDialog({
  resource,
  record,
  name,
  title,
  content,
  contentTranslateOptions,
  done,
  confirm: confirmLabel = 'ra.action.delete',
  refreshAfter = true,
  warnCode,
  onClose,
  onDeleted,
}: DeleteDialogProps) {
  const [remove, { isPending }] = useDelete();
  const notify = useNotify();
  const refresh = useRefresh();
  const confirm = async () => {
    try {
      await remove(
        resource,
        { id: record.id, previousData: record },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
      notify(done, { type: 'success' });
      if (refreshAfter) refresh();
      onDeleted();
    } catch (err) {
      const failure = err as ApiError;
      if (failure?.message) {
        const expected = warnCode !== undefined && failure.body?.code === warnCode;
        notify(failure.message, { type: expected ? 'warning' : 'error' });
      }
      onClose();
    }
  };
  return (
    <Confirm
      isOpen
      loading={isPending}
      title={title}
      titleTranslateOptions={{ name }}
      content={content}
      contentTranslateOptions={contentTranslateOptions}
      confirm={confirmLabel}
      confirmColor="warning"
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
