/** The item's tags as chips, from `press/tag`. */
import { Chip, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'ra-core';
import { LinearProgress } from 'react-admin';
import type { ContentKind } from '../../resources/content/kinds';
import { itemTags } from './tags';

export const tagsQueryKey = (kind: ContentKind, id: number) => [kind.resource, 'tags', id];

export function TagList({ kind, id }: { kind: ContentKind; id: number }) {
  const translate = useTranslate();
  const { data, isPending, isError } = useQuery({
    queryKey: tagsQueryKey(kind, id),
    queryFn: () => itemTags(kind, id),
  });
  if (isPending) return <LinearProgress />;
  if (isError || !data.length)
    return <Typography color="text.secondary">{translate('content.publish.tags.none')}</Typography>;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid="item-tags">
      {data.map((tag) => (
        <Chip key={tag.id} label={tag.name} />
      ))}
    </Stack>
  );
}
