/**
 * The writer's AI helper: buttons asking for a slug, tags or a summary of the article's text; the suggestion streams
 * in, then the writer accepts it (it fills the field: the slug, the tags, the SEO description) or dismisses it. The
 * month's remaining count is shown, and the buttons are disabled, with the reason, when it is 0 or there is no text.
 * What it suggests becomes public, so it reads only the text before the paid section (the server holds it to that
 * too). The panel sits at the bottom of the side panel: what it answers is scrolled into view where it appears.
 */
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesomeOutlined';
import { Alert, Box, Button, Chip, CircularProgress, Stack, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'ra-core';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { BlockDocument } from '../../../../contract/blocks';
import { characterCount, freeBlocks, stripHtml } from '../../../../contract/blockText';
import { CONTENT_TYPE } from '../../../../contract/contentConstants';
import type { AiKind, AiSuggestion } from '../../../../contract/intelligence';
import { api, messageOf } from '../api';
import { useController, useWriter } from '../state/context';
import { aiStatus, askStreamed } from './aiStream';

const KINDS: readonly AiKind[] = ['slug', 'tags', 'summary'];

/** The article's text as the helper reads it: the free part's headings and paragraphs, one per line. */
function textOf(doc: BlockDocument): string {
  return freeBlocks(doc)
    .blocks.map((b) => (b.type === 'paragraph' || b.type === 'header' ? stripHtml(b.data.text).trim() : ''))
    .filter(Boolean)
    .join('\n');
}

export function AiPanel() {
  const translate = useTranslate();
  const notify = useNotify();
  const controller = useController();
  // A new object whenever the text changes: the free part's length is counted again then.
  const stats = useWriter((s) => s.stats);
  const info = useWriter((s) => s.info);
  const [usage, setUsage] = useState<{ remain: number; quota: number } | null>(null);
  const [busy, setBusy] = useState<AiKind | null>(null);
  const [streamed, setStreamed] = useState('');
  const [suggestion, setSuggestion] = useState<AiSuggestion | null>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    aiStatus()
      .then((u) => setUsage({ remain: u.remain, quota: u.quota }))
      .catch(() => setUsage(null));
    return () => abort.current?.abort();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: stats changes with the text the controller holds
  const freeCharacters = useMemo(() => characterCount(freeBlocks(controller.content())), [controller, stats]);
  const results = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolled when an answer appears or grows
  useEffect(() => {
    if (busy || suggestion) results.current?.scrollIntoView({ block: 'nearest' });
  }, [busy, streamed, suggestion]);

  const usedUp = usage !== null && usage.remain <= 0;
  const reason = usedUp
    ? translate('aiHelper.usedUp')
    : stats.characters === 0
      ? translate('aiHelper.needText')
      : freeCharacters === 0
        ? translate('aiHelper.needFreeText')
        : undefined;

  const ask = async (kind: AiKind) => {
    const content = textOf(controller.content());
    if (!content.trim()) return;
    abort.current?.abort();
    abort.current = new AbortController();
    setBusy(kind);
    setStreamed('');
    setSuggestion(null);
    try {
      const { title } = controller.getState().meta;
      const result = await askStreamed(
        {
          kind,
          content,
          ...(title.trim() ? { title: title.slice(0, 200) } : {}),
          ...(info.id > 0 ? { id: info.id, type: CONTENT_TYPE[controller.type] } : {}),
          lang_id: info.lang_id,
        },
        setStreamed,
        abort.current.signal,
      );
      setUsage({ remain: result.remain, quota: result.quota });
      if (result.result.length) setSuggestion(result);
      else notify('aiHelper.none', { type: 'info' });
    } catch (error) {
      notify(messageOf(error), { type: 'error' });
      aiStatus()
        .then((u) => setUsage({ remain: u.remain, quota: u.quota }))
        .catch(() => undefined);
    } finally {
      setBusy(null);
      setStreamed('');
    }
  };

  const acceptTags = async (names: string[]) => {
    try {
      let current = controller.getState().meta.tag;
      for (const name of names) {
        const tag = await api.saveTag(name);
        current = controller.getState().meta.tag;
        if (!current.some((t) => t.id === tag.id)) {
          current = [...current, { id: tag.id, name: tag.name }];
          controller.setMeta({ tag: current });
        }
      }
      const left = (suggestion?.result ?? []).filter((n) => !names.includes(n));
      setSuggestion(left.length && suggestion ? { ...suggestion, result: left } : null);
      notify('aiHelper.accepted', { type: 'success' });
    } catch (error) {
      notify(messageOf(error), { type: 'error' });
    }
  };

  const accept = () => {
    if (!suggestion) return;
    const [value] = suggestion.result;
    if (suggestion.kind === 'slug') controller.setMeta({ slug: value }, { slugTouched: true });
    if (suggestion.kind === 'summary')
      controller.setMeta({ seo: { ...controller.getState().meta.seo, content: value } });
    if (suggestion.kind === 'tags') return void acceptTags(suggestion.result);
    setSuggestion(null);
    notify('aiHelper.accepted', { type: 'success' });
  };

  return (
    <Box data-testid="ai-panel">
      <Stack direction="row" alignItems="center" spacing={1} sx={{ mb: 1 }}>
        <AutoAwesomeIcon fontSize="small" color="primary" />
        <Typography variant="subtitle2" sx={{ flex: 1 }}>
          {translate('aiHelper.title')}
        </Typography>
        {usage && (
          <Typography variant="caption" color="text.secondary" data-testid="ai-remain">
            {translate('aiHelper.remain', usage)}
          </Typography>
        )}
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap">
        {KINDS.map((kind) => (
          <Button
            key={kind}
            size="small"
            variant="outlined"
            disabled={!!reason || busy !== null}
            onClick={() => ask(kind)}
            data-testid={`ai-ask-${kind}`}
            startIcon={busy === kind ? <CircularProgress size={14} /> : undefined}
          >
            {translate(`aiHelper.ask.${kind}`)}
          </Button>
        ))}
      </Stack>
      {reason && (
        <Typography
          variant="caption"
          color="text.secondary"
          component="div"
          sx={{ mt: 1 }}
          data-testid="ai-reason"
        >
          {reason}
        </Typography>
      )}
      <Box ref={results} sx={{ scrollMarginBottom: 16 }}>
        {busy && (
          <Box sx={{ mt: 1.5 }} aria-live="polite" data-testid="ai-streaming">
            <Typography variant="caption" color="text.secondary">
              {translate('aiHelper.working')}
            </Typography>
            {streamed && (
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', mt: 0.5 }}>
                {streamed}
              </Typography>
            )}
          </Box>
        )}
        {suggestion && (
          <Alert
            severity="info"
            icon={false}
            sx={{ mt: 1.5, '& .MuiAlert-message': { width: '100%' } }}
            data-testid="ai-suggestion"
          >
            <Typography variant="caption" color="text.secondary" component="div">
              {translate(`aiHelper.kind.${suggestion.kind}`)}
            </Typography>
            {suggestion.kind === 'tags' ? (
              <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap" sx={{ my: 1 }}>
                {suggestion.result.map((name) => (
                  <Chip
                    key={name}
                    label={name}
                    size="small"
                    variant={suggestion.additional.existing.includes(name) ? 'filled' : 'outlined'}
                    onClick={() => acceptTags([name])}
                    data-testid="ai-tag"
                  />
                ))}
              </Stack>
            ) : (
              <Typography
                variant="body2"
                sx={{ my: 1, wordBreak: 'break-word' }}
                data-testid="ai-suggestion-text"
              >
                {suggestion.result[0]}
              </Typography>
            )}
            <Stack direction="row" spacing={1}>
              <Button size="small" variant="contained" onClick={accept} data-testid="ai-accept">
                {translate(suggestion.kind === 'tags' ? 'aiHelper.acceptAll' : 'aiHelper.accept')}
              </Button>
              <Button size="small" onClick={() => setSuggestion(null)} data-testid="ai-dismiss">
                {translate('aiHelper.dismiss')}
              </Button>
            </Stack>
          </Alert>
        )}
      </Box>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 1 }}>
        {translate('aiHelper.hint')}
      </Typography>
    </Box>
  );
}
