/** The small cells of a content row: title (or 無標題) with its pinned marker, authors, category, language. */
import PushPinIcon from '@mui/icons-material/PushPin';
import { Box, Tooltip, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'ra-core';
import type { ContentRow } from '../../../contract/content';

function PinnedMarker() {
  const translate = useTranslate();
  const label = translate('content.pinned');
  return (
    <Tooltip title={label}>
      <PushPinIcon
        fontSize="small"
        color="secondary"
        aria-label={label}
        titleAccess={label}
        sx={{ mr: 0.5, verticalAlign: 'text-bottom' }}
      />
    </Tooltip>
  );
}

export function TitleField() {
  const record = useRecordContext<ContentRow>();
  const translate = useTranslate();
  if (!record) return null;
  const title = record.title.trim();
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'flex-start' }}>
      {record.to_top && <PinnedMarker />}
      {title ? (
        <Typography variant="body2" component="span" sx={{ fontWeight: 500 }}>
          {title}
        </Typography>
      ) : (
        <Typography variant="body2" component="span" color="text.secondary" sx={{ fontStyle: 'italic' }}>
          {translate('content.untitled')}
        </Typography>
      )}
    </Box>
  );
}

export function AuthorsField() {
  const record = useRecordContext<ContentRow>();
  const translate = useTranslate();
  if (!record?.author?.length) return null;
  return <span>{record.author.map((a) => a.name).join(translate('content.separator'))}</span>;
}

export function CategoryField() {
  const record = useRecordContext<ContentRow>();
  return record?.category ? <span>{record.category.name}</span> : null;
}

/** The language in short (繁中, EN …), named in full on hover. */
export function LanguageField() {
  const record = useRecordContext<ContentRow>();
  const translate = useTranslate();
  if (!record) return null;
  const id = record.lang_id;
  return (
    <Tooltip title={translate(`content.languages.${id}`, { _: String(id) })}>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {translate(`content.languagesShort.${id}`, { _: String(id) })}
      </Box>
    </Tooltip>
  );
}
