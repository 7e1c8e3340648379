/** The confirmation of a publish choice (SPEC §2: publish, schedule, offline, cancel schedule); 確定 sends it. */
import { useTranslate } from 'ra-core';
import { Confirm } from 'react-admin';
import type { ContentItem } from '../../../contract/content';
import { instantOf } from '../../../contract/zoned';
import { useDateTime } from '../../components/DateTimeField';
import type { ContentKind } from '../../resources/content/kinds';
import type { PublishChoice } from './request';
import { usePublish } from './usePublish';

interface Props {
  kind: ContentKind;
  item: ContentItem;
  choice: PublishChoice | null;
  onClose: () => void;
}

export function ConfirmPublish({ kind, item, choice, onClose }: Props) {
  const translate = useTranslate();
  const { zone, format } = useDateTime();
  const mutation = usePublish(kind);
  if (!choice) return null;
  const { input } = choice;
  const args = {
    title: item.title.trim() || translate('content.untitled'),
    type: translate(`content.types.${kind.type}`),
    // The wall time chosen, written as every other time is.
    when: input.date && input.time ? format(instantOf({ date: input.date, time: input.time }, zone)) : '',
    zone,
  };
  const warn = choice.confirm === 'offline' || choice.confirm === 'cancel';
  // An e-paper reaches this screen only once sent (PublishSetting): its update changes the site's copy, not the mail.
  const words = kind.type === 'epaper' && choice.confirm === 'update' ? 'epaperUpdate' : choice.confirm;
  return (
    <Confirm
      isOpen
      loading={mutation.isPending}
      title={`content.confirm.${words}.title`}
      content={`content.confirm.${words}.content`}
      titleTranslateOptions={args}
      contentTranslateOptions={args}
      confirmColor={warn ? 'warning' : 'primary'}
      onConfirm={() => mutation.mutate(choice, { onError: onClose })}
      onClose={onClose}
    />
  );
}
