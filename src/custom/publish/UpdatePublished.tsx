/** 'Update' for a published item: publish it again (its current status), keeping its date and time. */
import SyncIcon from '@mui/icons-material/Sync';
import { Button } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useState } from 'react';
import type { ContentItem } from '../../../contract/content';
import { wallTime } from '../../../contract/zoned';
import { useDateTime } from '../../components/DateTimeField';
import type { ContentKind } from '../../resources/content/kinds';
import { ConfirmPublish } from './ConfirmPublish';
import { type PublishChoice, updateOf } from './request';

export function UpdatePublished({ kind, item }: { kind: ContentKind; item: ContentItem }) {
  const translate = useTranslate();
  const { zone } = useDateTime();
  const [choice, setChoice] = useState<PublishChoice | null>(null);
  const when = item.publish_ts ? wallTime(item.publish_ts, zone) : undefined;
  return (
    <>
      <Button variant="contained" startIcon={<SyncIcon />} onClick={() => setChoice(updateOf(item, when))}>
        {translate('content.publish.setting.update')}
      </Button>
      <ConfirmPublish kind={kind} item={item} choice={choice} onClose={() => setChoice(null)} />
    </>
  );
}
