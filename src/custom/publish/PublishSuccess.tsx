/**
 * /<press|page|epaper>/:id/publish/success: the item is out (or scheduled). Shows the public url that publishing
 * answered (or the item's own), and the ways on: the list, the writer, the tags.
 */
import { Alert, Button, Stack } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link, useLocation } from 'react-router';
import type { ContentItem } from '../../../contract/content';
import { STATUS } from '../../../contract/contentConstants';
import { useDateTime } from '../../components/DateTimeField';
import {
  type ContentKind,
  type ContentResource,
  listPath,
  publishPath,
  writerPath,
} from '../../resources/content/kinds';
import { PublicUrl } from './PublicUrl';
import { PublishScreen } from './PublishScreen';

function SuccessBody({ kind, item }: { kind: ContentKind; item: ContentItem }) {
  const translate = useTranslate();
  const { format } = useDateTime();
  const state = useLocation().state as { url?: string } | null;
  const url = state?.url || item.url;
  const scheduled = item.status === STATUS.SCHEDULED;
  const title = item.title.trim() || translate('content.untitled');
  return (
    <>
      <Alert severity="success" sx={{ mb: 2 }}>
        {scheduled
          ? translate('content.publish.success.scheduled', {
              title,
              when: format(item.publish_ts, 'schedule'),
            })
          : translate('content.publish.success.published', { title })}
      </Alert>
      {url && <PublicUrl url={url} />}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button component={Link} to={listPath(kind)} variant="contained">
          {translate('content.publish.success.toList', { type: translate(`content.types.${kind.type}`) })}
        </Button>
        <Button component={Link} to={writerPath(kind, item.id)}>
          {translate('content.publish.success.toWriter')}
        </Button>
        <Button component={Link} to={publishPath(kind, item.id, 'tags')}>
          {translate('content.publish.success.toTags')}
        </Button>
      </Stack>
    </>
  );
}

export default function PublishSuccess({ resource }: { resource: ContentResource }) {
  return (
    <PublishScreen resource={resource} screen="success">
      {(item, kind) => <SuccessBody kind={kind} item={item} />}
    </PublishScreen>
  );
}
