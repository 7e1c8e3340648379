/**
 * Tags' and categories' parts of the generated screens (src/entities/overrides/{tag,category}.tsx, and the tabs of
 * /label): the name with the label's address on the site under it, the languages as chips, the per-language dialog,
 * and a delete confirmation that says how many items use the label.
 */
import { Box, Typography } from '@mui/material';
import { useRecordContext, useResourceContext, useTranslate } from 'ra-core';
import type { label } from '../../../contract/entities/label';
import type { EntityRecord } from '../../../contract/entity';
import type { LabelType } from '../../../contract/labels';

type Label = EntityRecord<typeof label>;

import type { EntityOverrides } from '../../entities/overrides';
import { lazyWithWords } from '../../i18n/LaterWords';
import { useSessionQuery } from '../../layout/session';
import { LanguageChips } from './LanguageChips';
import { previewPath, previewUrl } from './labelLogic';

// Loaded when a dialog opens: the list does not need its form.
const LabelDialog = lazyWithWords(() => import('./LabelDialog').then((m) => ({ default: m.LabelDialog })));

function NameCell() {
  const translate = useTranslate();
  const type = useResourceContext() as LabelType;
  const record = useRecordContext<Label>();
  const siteUrl = useSessionQuery().data?.site.current?.url;
  if (!record) return null;
  // The path reads as SPEC §2 writes it; it links to that page on the site (a click is not the row's click).
  const link = siteUrl
    ? {
        component: 'a' as const,
        href: previewUrl(siteUrl, type, record),
        target: '_blank',
        rel: 'noopener',
        onClick: (e: { stopPropagation: () => void }) => e.stopPropagation(),
      }
    : { component: 'code' as const };
  return (
    <>
      <Box component="span" sx={{ display: 'block' }}>
        {record.name}
      </Box>
      <Typography
        {...link}
        variant="caption"
        title={translate(`resources.${type}.fields.preview`)}
        sx={{ fontFamily: 'monospace', color: 'text.secondary', overflowWrap: 'anywhere' }}
        data-testid="preview-path"
      >
        {previewPath(type, record)}
      </Typography>
    </>
  );
}

function ActiveCell() {
  const record = useRecordContext<Label>();
  return <LanguageChips active={record?.active} />;
}

export const labelOverrides: EntityOverrides = {
  cells: { name: NameCell, active: ActiveCell },
  Dialog: LabelDialog,
  deleteContent: (label) => ({
    content: label.count > 0 ? `resources.${label.type}.deleteUsed` : `resources.${label.type}.deleteBody`,
    options: { count: label.count },
  }),
};
