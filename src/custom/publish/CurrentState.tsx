/** Where the item stands: still a draft, published (when), or scheduled (for when); and unpublished changes. */
import { Alert, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { ContentItem } from '../../../contract/content';
import { STATUS } from '../../../contract/contentConstants';
import { useDateTime } from '../../components/DateTimeField';
import type { ContentKind } from '../../resources/content/kinds';

const sentence: Record<number, string> = {
  [STATUS.DRAFT]: 'content.publish.setting.draft',
  [STATUS.PUBLISHED]: 'content.publish.setting.published',
  [STATUS.SCHEDULED]: 'content.publish.setting.scheduled',
};

export function CurrentState({ kind, item }: { kind: ContentKind; item: ContentItem }) {
  const translate = useTranslate();
  const { format } = useDateTime();
  const key = sentence[item.status] ?? sentence[STATUS.DRAFT];
  const args = {
    type: translate(`content.types.${kind.type}`),
    when: format(item.publish_ts, item.status === STATUS.SCHEDULED ? 'schedule' : 'dateTime'),
  };
  return (
    <>
      <Typography sx={{ mb: 2 }} data-testid="current-state">
        {translate(key, args)}
      </Typography>
      {item.status === STATUS.PUBLISHED && item.is_draft_changed && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {translate('content.publish.setting.draftChanged')}
        </Alert>
      )}
    </>
  );
}
