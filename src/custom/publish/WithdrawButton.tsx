/** 下架 for a published item, 取消排程 for a scheduled one (publish mode 0), after a confirmation. */
import { Button } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useState } from 'react';
import type { ContentItem } from '../../../contract/content';
import type { ContentKind } from '../../resources/content/kinds';
import { withdrawalOf } from '../../resources/content/status';
import { ConfirmPublish } from './ConfirmPublish';
import { type PublishChoice, withdrawalChoice } from './request';

export function WithdrawButton({ kind, item }: { kind: ContentKind; item: ContentItem }) {
  const translate = useTranslate();
  const [choice, setChoice] = useState<PublishChoice | null>(null);
  const action = withdrawalOf(item.status);
  if (!action) return null;
  return (
    <>
      <Button color="error" onClick={() => setChoice(withdrawalChoice(item, action))}>
        {translate(
          action === 'offline' ? 'content.publish.setting.offline' : 'content.publish.setting.cancel',
        )}
      </Button>
      <ConfirmPublish kind={kind} item={item} choice={choice} onClose={() => setChoice(null)} />
    </>
  );
}
