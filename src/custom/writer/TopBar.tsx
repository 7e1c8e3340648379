/** The writer's own top bar: back, status, saving indicator, language, save, publish, settings. */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckIcon from '@mui/icons-material/Check';
import CloudOffIcon from '@mui/icons-material/CloudOffOutlined';
import ErrorIcon from '@mui/icons-material/ErrorOutline';
import HourglassIcon from '@mui/icons-material/HourglassEmptyOutlined';
import LanguageIcon from '@mui/icons-material/Language';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import SyncProblemIcon from '@mui/icons-material/SyncProblem';
import SettingsIcon from '@mui/icons-material/TuneOutlined';
import {
  Box,
  Button,
  CircularProgress,
  IconButton,
  ListItemText,
  Menu,
  MenuItem,
  Tooltip,
  Typography,
} from '@mui/material';
import { useTranslate } from 'ra-core';
import { useState } from 'react';
import { LANG_IDS, STATUS } from '../../../contract/contentConstants';
import { ShareButton } from '../share/ShareButton';
import { useController, useWriter } from './state/context';

function SaveIndicator() {
  const translate = useTranslate();
  const save = useWriter((s) => s.save);
  const { status, visible } = save;
  const icon =
    status === 'saving' ? (
      <CircularProgress size={12} color="inherit" />
    ) : status === 'saved' ? (
      <CheckIcon sx={{ fontSize: 16 }} />
    ) : status === 'offline' ? (
      <CloudOffIcon sx={{ fontSize: 16 }} />
    ) : status === 'busy' ? (
      <HourglassIcon sx={{ fontSize: 16 }} />
    ) : status === 'conflict' ? (
      <SyncProblemIcon sx={{ fontSize: 16 }} />
    ) : status === 'error' ? (
      <ErrorIcon sx={{ fontSize: 16 }} />
    ) : null;
  const show = visible && status !== 'idle' && status !== 'pending';
  const tone =
    status === 'offline' || status === 'busy' || status === 'conflict'
      ? 'warning.dark'
      : status === 'error'
        ? 'error.main'
        : 'text.secondary';
  return (
    <Box
      role="status"
      aria-live="polite"
      data-testid="save-indicator"
      data-status={status}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.75,
        color: tone,
        fontSize: 13,
        opacity: show ? 1 : 0,
        transition: 'opacity 400ms',
        whiteSpace: 'nowrap',
      }}
    >
      {show && icon}
      {show && translate(`writer.saving.${status}`)}
    </Box>
  );
}

/**
 * The item's status as MUI's small Chip shows it (filled when published, outlined otherwise; its styles copied, and
 * checked against it in screenshots): the Chip module, with its delete icon, avatar and ripple, was 2.8 kB gzip that
 * the writer's first screen loaded for this label alone.
 */
function StatusChip({ status }: { status: number }) {
  const translate = useTranslate();
  const published = status === STATUS.PUBLISHED;
  return (
    <Box
      component="span"
      data-testid="writer-status"
      sx={{
        maxWidth: '100%',
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        height: 24,
        fontFamily: (t) => t.typography.fontFamily,
        fontSize: (t) => t.typography.pxToRem(13),
        lineHeight: 1.5,
        borderRadius: '16px',
        whiteSpace: 'nowrap',
        verticalAlign: 'middle',
        boxSizing: 'border-box',
        ...(published
          ? { bgcolor: 'success.main', color: 'success.contrastText' }
          : status === STATUS.SCHEDULED
            ? { color: 'info.main', border: (t) => `1px solid ${t.alpha(t.palette.info.main, 0.7)}` }
            : { color: 'text.primary', border: (t) => `1px solid ${t.palette.grey[400]}` }),
      }}
    >
      <Box
        component="span"
        sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', px: published ? 1 : '7px' }}
      >
        {translate(`writer.status.${status}`)}
      </Box>
    </Box>
  );
}

function LanguageMenu() {
  const translate = useTranslate();
  const controller = useController();
  const info = useWriter((s) => s.info);
  const busy = useWriter((s) => s.busy);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      {/* The button is named by the language it shows; the tooltip describes it. */}
      <Tooltip title={translate('writer.language.label')} describeChild>
        <Button
          size="small"
          color="inherit"
          startIcon={<LanguageIcon fontSize="small" />}
          onClick={(e) => setAnchor(e.currentTarget)}
          disabled={busy || info.id < 0}
          aria-haspopup="menu"
          data-testid="writer-language"
          sx={{ color: 'text.secondary' }}
        >
          {translate(`writer.language.names.${info.lang_id}`)}
        </Button>
      </Tooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {LANG_IDS.map((lang) => {
          const exists = info.languages.includes(lang) || lang === info.lang_id;
          return (
            <MenuItem
              key={lang}
              selected={lang === info.lang_id}
              onClick={() => {
                setAnchor(null);
                void controller.switchLanguage(lang);
              }}
            >
              <ListItemText
                primary={translate(`writer.language.names.${lang}`)}
                secondary={exists ? undefined : translate('writer.language.missing')}
              />
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}

export function TopBar({
  onBack,
  panelOpen,
  onTogglePanel,
}: {
  onBack: () => void;
  panelOpen: boolean;
  onTogglePanel: () => void;
}) {
  const translate = useTranslate();
  const controller = useController();
  const type = controller.type;
  const info = useWriter((s) => s.info);
  const busy = useWriter((s) => s.busy);
  const ready = useWriter((s) => s.phase === 'ready');
  const saving = useWriter((s) => s.save.status === 'saving');
  const minutes = useWriter((s) => s.stats.minutes);
  const typeName = translate(`writer.types.${type}`);
  const published = info.status === STATUS.PUBLISHED;
  const publishLabel = published
    ? translate('writer.actions.update')
    : type === 'epaper'
      ? translate('writer.actions.send')
      : translate('writer.actions.publish');

  return (
    <Box
      component="header"
      sx={{
        height: 60,
        flexShrink: 0,
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        px: { xs: 1, sm: 2 },
        borderBottom: '1px solid',
        borderColor: 'divider',
        bgcolor: 'background.paper',
      }}
    >
      <Button
        color="inherit"
        startIcon={<ArrowBackIcon />}
        onClick={onBack}
        sx={{ color: 'text.secondary', flexShrink: 0 }}
        data-testid="writer-back"
      >
        {translate('writer.back', { type: typeName })}
      </Button>
      {ready && <StatusChip status={info.status} />}
      {ready && published && info.is_draft_changed && (
        <Typography variant="body2" color="warning.dark" data-testid="draft-changed" noWrap>
          {translate('writer.draftChanged')}
        </Typography>
      )}
      <SaveIndicator />
      <Box sx={{ flex: 1 }} />
      {ready && minutes > 0 && (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ display: { xs: 'none', md: 'block' } }}
          noWrap
        >
          {translate('writer.readingTime', { n: minutes })}
        </Typography>
      )}
      <LanguageMenu />
      {ready && published && info.id > 0 && <ShareButton id={info.id} />}
      {ready && info.id > 0 && info.preview_url && (
        <Button
          color="inherit"
          href={info.preview_url}
          target="_blank"
          rel="noopener"
          endIcon={<OpenInNewIcon sx={{ fontSize: '16px !important' }} />}
          sx={{ color: 'text.secondary', display: { xs: 'none', md: 'inline-flex' } }}
        >
          {translate('writer.actions.preview')}
        </Button>
      )}
      <Button
        color="inherit"
        onClick={() => void controller.saveNow()}
        disabled={!ready || saving}
        sx={{ color: 'text.secondary' }}
        data-testid="writer-save"
      >
        {translate('writer.actions.save')}
      </Button>
      <Button
        variant="contained"
        disableElevation
        onClick={() => void controller.publish()}
        disabled={!ready || busy}
        data-testid="writer-publish"
      >
        {publishLabel}
      </Button>
      <Tooltip title={translate(panelOpen ? 'writer.actions.closeSettings' : 'writer.actions.settings')}>
        <IconButton
          onClick={onTogglePanel}
          aria-pressed={panelOpen}
          aria-label={translate('writer.actions.settings')}
          color={panelOpen ? 'primary' : 'default'}
          data-testid="writer-settings"
        >
          <SettingsIcon />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
