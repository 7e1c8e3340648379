/**
 * Related items: the default (chosen by the site), or a custom list. Custom items are found by title: first among the
 * items already loaded here, and when fewer than 10 of those match, through press/search. Each hit shows its agenda
 * excerpt under its title.
 */
import ArrowDownIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpIcon from '@mui/icons-material/ArrowUpward';
import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import {
  Box,
  CircularProgress,
  FormControlLabel,
  IconButton,
  InputAdornment,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useTranslate } from 'ra-core';
import { useEffect, useState } from 'react';
import type { Titled } from '../../../../contract/content';
import { RELATED, RELATED_MAX } from '../../../../contract/contentConstants';
import { api } from '../api';
import { useController, useWriter } from '../state/context';
import { localMatches, mergePool, REMOTE_BELOW } from './relatedSearch';

/** An item found for the picker: with its agenda excerpt (SPEC §9, 100 characters) to tell like titles apart. */
type Found = Titled & { agenda?: string };

export function RelatedPanel() {
  const translate = useTranslate();
  const controller = useController();
  const related = useWriter((s) => s.meta.related);
  const custom = useWriter((s) => s.meta.custom);
  const id = useWriter((s) => s.info.id);
  const [pool, setPool] = useState<Found[]>([]);
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<Found[]>([]);
  const [searching, setSearching] = useState(false);

  useEffect(() => {
    if (related !== RELATED.CUSTOM) return;
    let live = true;
    api
      .recent(controller.type)
      .then(
        (r) =>
          live &&
          setPool((p) =>
            mergePool(
              p,
              r.rows.map(({ id: i, title, agenda }) => ({ id: i, title, agenda })),
            ),
          ),
      )
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [related, controller.type]);

  // The pool grows from this very search: that is no reason to search again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    const exclude = new Set([id, ...custom.map((c) => c.id)]);
    const local = localMatches(pool, query, exclude);
    setResults(local);
    if (query.trim() === '' || local.length >= REMOTE_BELOW) return;
    let live = true;
    const timer = setTimeout(() => {
      setSearching(true);
      api
        .search(controller.type, query.trim(), id > 0 ? id : undefined)
        .then((found) => {
          if (!live) return;
          setPool((p) => mergePool(p, found));
          setResults(
            mergePool(
              local,
              found.filter((f) => !exclude.has(f.id)),
            ),
          );
        })
        .catch(() => undefined)
        .finally(() => live && setSearching(false));
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query, custom, id, controller.type]);

  const setCustom = (next: Titled[]) => controller.setMeta({ custom: next });
  const move = (i: number, by: number) => {
    const next = [...custom];
    const [item] = next.splice(i, 1);
    next.splice(i + by, 0, item);
    setCustom(next);
  };
  const full = custom.length >= RELATED_MAX;

  return (
    <Stack spacing={2}>
      <RadioGroup
        value={String(related)}
        onChange={(e) =>
          controller.setMeta({
            related: Number(e.target.value) === RELATED.CUSTOM ? RELATED.CUSTOM : RELATED.DEFAULT,
          })
        }
        aria-label={translate('writer.related.mode')}
      >
        <FormControlLabel
          value={String(RELATED.DEFAULT)}
          control={<Radio size="small" />}
          label={translate('writer.related.default')}
        />
        <FormControlLabel
          value={String(RELATED.CUSTOM)}
          control={<Radio size="small" />}
          label={translate('writer.related.custom')}
        />
      </RadioGroup>
      {related === RELATED.CUSTOM && (
        <>
          <Typography variant="caption" color="text.secondary">
            {translate('writer.related.chosen', { n: custom.length })} ·{' '}
            {translate('writer.related.max', { n: RELATED_MAX })}
          </Typography>
          {custom.length > 0 && (
            <List
              dense
              disablePadding
              sx={{ border: '1px solid', borderColor: 'divider', borderRadius: 1.5 }}
            >
              {custom.map((item, i) => (
                <ListItem
                  key={item.id}
                  divider={i < custom.length - 1}
                  secondaryAction={
                    <Box sx={{ display: 'flex' }}>
                      <IconButton
                        size="small"
                        disabled={i === 0}
                        onClick={() => move(i, -1)}
                        aria-label={translate('writer.related.moveUp')}
                      >
                        <ArrowUpIcon fontSize="inherit" />
                      </IconButton>
                      <IconButton
                        size="small"
                        disabled={i === custom.length - 1}
                        onClick={() => move(i, 1)}
                        aria-label={translate('writer.related.moveDown')}
                      >
                        <ArrowDownIcon fontSize="inherit" />
                      </IconButton>
                      <IconButton
                        size="small"
                        onClick={() => setCustom(custom.filter((c) => c.id !== item.id))}
                        aria-label={translate('writer.related.remove')}
                      >
                        <CloseIcon fontSize="inherit" />
                      </IconButton>
                    </Box>
                  }
                  sx={{ pr: 14 }}
                >
                  <ListItemText
                    primary={item.title || translate('writer.related.untitled')}
                    primaryTypographyProps={{ noWrap: true }}
                  />
                </ListItem>
              ))}
            </List>
          )}
          <TextField
            size="small"
            fullWidth
            value={query}
            disabled={full}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={translate('writer.related.search')}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
                endAdornment: searching ? <CircularProgress size={16} /> : undefined,
              },
              htmlInput: {
                'aria-label': translate('writer.related.search'),
                'data-testid': 'related-search',
              },
            }}
          />
          {query.trim() !== '' && (
            <List dense disablePadding data-testid="related-results">
              {results.length === 0 && !searching && (
                <Typography variant="body2" color="text.secondary" sx={{ px: 1 }}>
                  {translate('writer.related.none')}
                </Typography>
              )}
              {results.map((item) => (
                <ListItemButton
                  key={item.id}
                  disabled={full}
                  onClick={() => {
                    setCustom([...custom, { id: item.id, title: item.title }]);
                    setQuery('');
                  }}
                >
                  <ListItemText
                    primary={item.title || translate('writer.related.untitled')}
                    secondary={item.agenda || undefined}
                  />
                </ListItemButton>
              ))}
            </List>
          )}
        </>
      )}
    </Stack>
  );
}
