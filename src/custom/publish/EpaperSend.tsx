/**
 * /epaper/:id/send: where an e-paper goes once published. It shows who would receive it; there is no member list
 * and no delivery yet, so the count is 0 and the screen says plainly that nothing is sent.
 */
import GroupIcon from '@mui/icons-material/GroupOutlined';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link } from 'react-router';
import type { ContentItem } from '../../../contract/content';
import { STATUS } from '../../../contract/contentConstants';
import { type ContentKind, listPath, writerPath } from '../../resources/content/kinds';
import { PublicUrl } from './PublicUrl';
import { PublishScreen } from './PublishScreen';

/** No members or subscribers API exists yet (SPEC §7 lists it for later). */
const AUDIENCE = 0;

function SendBody({ kind, item }: { kind: ContentKind; item: ContentItem }) {
  const translate = useTranslate();
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <GroupIcon color="action" />
        <Typography>{translate('content.publish.send.audience')}</Typography>
        <Typography variant="h6" component="span" data-testid="audience-count">
          {translate('content.publish.send.count', { count: AUDIENCE, smart_count: AUDIENCE })}
        </Typography>
      </Stack>
      {item.status === STATUS.PUBLISHED && (
        <Typography sx={{ mb: 1 }}>{translate('content.publish.send.published')}</Typography>
      )}
      <Alert severity="info" sx={{ mb: 2 }}>
        {translate('content.publish.send.later')}
      </Alert>
      {item.status === STATUS.PUBLISHED && item.url && <PublicUrl url={item.url} />}
      <Stack direction="row" spacing={1}>
        <Button component={Link} to={listPath(kind)} variant="contained">
          {translate('content.publish.send.toList')}
        </Button>
        <Button component={Link} to={writerPath(kind, item.id)}>
          {translate('content.publish.send.toWriter')}
        </Button>
      </Stack>
    </>
  );
}

export default function EpaperSend() {
  return (
    <PublishScreen resource="epaper" screen="send">
      {(item, kind) => <SendBody kind={kind} item={item} />}
    </PublishScreen>
  );
}
