/** The confirmation of one row action (SPEC §2): it runs only after 確定, and closes when done. */
import { useTranslate } from 'ra-core';
import { Confirm } from 'react-admin';
import type { ContentRow } from '../../../contract/content';
import type { ContentKind } from './kinds';
import { type RowAction, useRowAction } from './useRowAction';

interface Props {
  kind: ContentKind;
  action: RowAction;
  row: ContentRow;
  onClose: () => void;
}

export function ConfirmRowAction({ kind, action, row, onClose }: Props) {
  const translate = useTranslate();
  const mutation = useRowAction(kind, action);
  const args = {
    title: row.title.trim() || translate('content.untitled'),
    type: translate(`content.types.${kind.type}`),
  };
  return (
    <Confirm
      isOpen
      loading={mutation.isPending}
      title={`content.confirm.${action}.title`}
      content={`content.confirm.${action}.content`}
      titleTranslateOptions={args}
      contentTranslateOptions={args}
      confirmColor={action === 'delete' || action === 'offline' ? 'warning' : 'primary'}
      onConfirm={() => mutation.mutate(row, { onSettled: onClose })}
      onClose={onClose}
    />
  );
}
