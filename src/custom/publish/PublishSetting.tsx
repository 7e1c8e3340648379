/**
 * /<press|page|epaper>/:id/publish/setting: publish now or schedule; for an item already out, update it, take it
 * offline or cancel its schedule.
 */
import EditIcon from '@mui/icons-material/Edit';
import { Button, Divider, Stack } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link } from 'react-router';
import type { ContentItem } from '../../../contract/content';
import { STATUS } from '../../../contract/contentConstants';
import { type ContentKind, type ContentResource, writerPath } from '../../resources/content/kinds';
import { CurrentState } from './CurrentState';
import { PublishForm } from './PublishForm';
import { PublishScreen } from './PublishScreen';
import { UpdatePublished } from './UpdatePublished';
import { WithdrawButton } from './WithdrawButton';

function SettingBody({ kind, item }: { kind: ContentKind; item: ContentItem }) {
  const translate = useTranslate();
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
