/** The writer's side panel: general settings, SEO, related items, history. */
import CloseIcon from '@mui/icons-material/Close';
import { Box, Divider, IconButton, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useTranslate } from 'ra-core';
import { useState } from 'react';
import { AiPanel } from './AiPanel';
import {
  AbstractView,
  AuthorsField,
  CategoryField,
  CoverField,
  PlaceField,
  SlugField,
  TagsField,
} from './fields';
import { HistoryPanel } from './HistoryPanel';
import { RelatedPanel } from './RelatedPanel';
import { SeoPanel } from './SeoPanel';

const TABS = ['settings', 'seo', 'related', 'history'] as const;
type TabName = (typeof TABS)[number];

export default function SidePanel({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const [tab, setTab] = useState<TabName>('settings');
  return (
    <Box
      component="aside"
      aria-label={translate('writer.panels.title')}
      data-testid="writer-panel"
      sx={{
        width: { xs: '100%', sm: 380 },
        flexShrink: 0,
        borderLeft: '1px solid',
        borderColor: 'divider',
        bgcolor: 'background.paper',
        display: 'flex',
        flexDirection: 'column',
        position: { xs: 'absolute', md: 'static' },
        right: 0,
        top: 0,
        bottom: 0,
        zIndex: 5,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, pt: 1.5 }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600, flex: 1 }}>
          {translate('writer.panels.title')}
        </Typography>
        <IconButton size="small" onClick={onClose} aria-label={translate('writer.actions.closeSettings')}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Box>
      <Tabs value={tab} onChange={(_e, v) => setTab(v)} variant="fullWidth" sx={{ px: 1, minHeight: 40 }}>
        {TABS.map((name) => (
          <Tab
            key={name}
            value={name}
            label={translate(`writer.panels.${name}`)}
            sx={{ minHeight: 40, minWidth: 0, px: 1 }}
          />
        ))}
      </Tabs>
      <Divider />
      <Box sx={{ flex: 1, overflowY: 'auto', p: 2.5 }}>
        {tab === 'settings' && (
          <Stack spacing={3}>
            <SlugField />
            <CoverField />
            <CategoryField />
            <PlaceField />
            <TagsField />
            <AuthorsField />
            <Divider />
            <AbstractView />
            <AiPanel />
          </Stack>
        )}
        {tab === 'seo' && <SeoPanel />}
        {tab === 'related' && <RelatedPanel />}
        {tab === 'history' && <HistoryPanel />}
      </Box>
    </Box>
  );
}
