/**
 * /<press|page|epaper>/:id/publish/setting: publish now or schedule; for an item already out, update it, take it
 * offline or cancel its schedule. An e-paper is published by sending it (SPEC §4: "Epaper publishing goes to the send
 * screen"): one not yet sent goes to its send screen, so that it is never published or scheduled here without its
 * mail; a sent one is updated or taken offline here.
 */
import EditIcon from '@mui/icons-material/Edit';
import { Button, Divider, Stack } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link, Navigate } from 'react-router';
import type { ContentItem } from '../../../contract/content';
import { STATUS } from '../../../contract/contentConstants';
import { type ContentKind, type ContentResource, sendPath, writerPath } from '../../resources/content/kinds';
import { CurrentState } from './CurrentState';
import { PublishForm } from './PublishForm';
import { PublishScreen } from './PublishScreen';
import { UpdatePublished } from './UpdatePublished';
import { WithdrawButton } from './WithdrawButton';

function SettingBody({ kind, item }: { kind: ContentKind; item: ContentItem }) {
  const translate = useTranslate();
  if (kind.type === 'epaper' && item.status !== STATUS.PUBLISHED)
    return <Navigate to={sendPath(item.id)} replace />;
  return (
    <>
      <CurrentState kind={kind} item={item} />
      {item.status === STATUS.PUBLISHED ? (
        <UpdatePublished kind={kind} item={item} />
      ) : (
        <PublishForm kind={kind} item={item} />
      )}
      <Divider sx={{ my: 3 }} />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
        <Button component={Link} to={writerPath(kind, item.id)} startIcon={<EditIcon />}>
          {translate('content.publish.setting.toWriter')}
        </Button>
        <WithdrawButton kind={kind} item={item} />
      </Stack>
    </>
  );
}

export default function PublishSetting({ resource }: { resource: ContentResource }) {
  return (
    <PublishScreen resource={resource} screen="setting">
      {(item, kind) => <SettingBody kind={kind} item={item} />}
    </PublishScreen>
  );
}
