/** /<press|page|epaper>/:id/publish/tags: review the item's tags after publishing, and add some. */
import { Button, Divider, Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { Link } from 'react-router';
import type { ContentItem } from '../../../contract/content';
import { type ContentKind, type ContentResource, publishPath } from '../../resources/content/kinds';
import { AddTagForm } from './AddTagForm';
import { PublishScreen } from './PublishScreen';
import { TagList } from './TagList';

function TagsBody({ kind, item }: { kind: ContentKind; item: ContentItem }) {
  const translate = useTranslate();
  return (
    <>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('content.publish.tags.intro', { type: translate(`content.types.${kind.type}`) })}
      </Typography>
      <TagList kind={kind} id={item.id} />
      <Divider sx={{ my: 3 }} />
      <AddTagForm kind={kind} id={item.id} />
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
        <Button component={Link} to={publishPath(kind, item.id, 'success')} variant="contained">
          {translate('content.publish.tags.toSuccess')}
        </Button>
      </Stack>
    </>
  );
}

export default function PublishTags({ resource }: { resource: ContentResource }) {
  return (
    <PublishScreen resource={resource} screen="tags">
      {(item, kind) => <TagsBody kind={kind} item={item} />}
    </PublishScreen>
  );
}
