/**
 * The frame of a publish-flow screen: the page title, a card headed by the item's title and status, and the item's
 * loading and not-found states. The screen's own part is a function of the loaded item.
 */
import { Alert, Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import type { ReactNode } from 'react';
import { Loading, Title } from 'react-admin';
import type { ContentItem } from '../../../contract/content';
import type { ContentKind, ContentResource } from '../../resources/content/kinds';
import { StatusChips } from '../../resources/content/StatusChips';
import { useContentItem } from './useContentItem';

interface Props {
  resource: ContentResource;
  /** i18n key of the page title, and of the heading under content.publish.<screen>.heading */
  screen: 'setting' | 'success' | 'tags' | 'send';
  children: (item: ContentItem, kind: ContentKind) => ReactNode;
}

export function PublishScreen({ resource, screen, children }: Props) {
  const translate = useTranslate();
  const { kind, item, isPending, error } = useContentItem(resource);
  const pageTitle = translate(`content.publish.${screen}.title`);
  if (isPending) return <Loading />;
  if (error || !item) {
    return (
      <Box sx={{ mt: 2 }}>
        <Title title={pageTitle} />
        <Alert severity="error">{translate('errors.notFound')}</Alert>
      </Box>
    );
  }
  const title = item.title.trim() || translate('content.untitled');
  return (
    <Box sx={{ mt: 2, maxWidth: 720 }} data-testid={`publish-${screen}`}>
      <Title title={pageTitle} />
      <Card>
        <CardContent>
          <Stack
            direction="row"
            spacing={2}
            useFlexGap
            sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}
          >
            <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {translate(`content.publish.${screen}.heading`, { title })}
            </Typography>
            <StatusChips item={item} />
          </Stack>
          {children(item, kind)}
        </CardContent>
      </Card>
    </Box>
  );
}
