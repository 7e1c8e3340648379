/**
 * The list pagination of SPEC §2: windows of 5 page buttons, a step between windows, rows per page. An estimated
 * total (the dataProvider's `meta.approximate`) is shown as "about" and still numbers the pages. The rows-per-page
 * choice (./PerPageSelect.tsx) loads as the list first renders, while its first page is asked for.
 */
import FirstPageIcon from '@mui/icons-material/FirstPage';
import LastPageIcon from '@mui/icons-material/LastPage';
import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import { Box, Button, IconButton, Toolbar, Tooltip, Typography } from '@mui/material';
import { useListContext, useLocaleState, useTranslate } from 'ra-core';
import { lazy, Suspense, useEffect } from 'react';
import { PAGE_WINDOW } from '../../contract/constants';
import { pageWindow } from './pageWindow';

const perPageSelect = () => import('./PerPageSelect');
const PerPageSelect = lazy(perPageSelect);

/** The place of the rows-per-page choice while it loads: a small standard TextField's. */
const PER_PAGE_BOX = { minWidth: 90, height: 48 };

export function WindowPagination() {
  const { page, perPage, total, setPage, setPerPage, isPending, meta } = useListContext();
  const translate = useTranslate();
  const locale = useLocaleState()[0];
  useEffect(() => {
    void perPageSelect();
  }, []);
  if (isPending || !total) return null;
  const w = pageWindow(page, total, perPage);
  const from = (page - 1) * perPage + 1;
  const to = Math.min(page * perPage, total);
  const n = PAGE_WINDOW;
  return (
    <Toolbar
      sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1 }}
      component="nav"
      aria-label={translate('pagination.label')}
    >
      <Typography variant="body2" sx={{ mr: 'auto' }}>
        {/* An estimated total (a list over LIST_EXACT_TOTAL rows, issue 31) reads "about …". */}
        {meta?.approximate
          ? translate('pagination.infoApprox', { from, to, total: total.toLocaleString(locale) })
          : translate('pagination.info', { from, to, total })}
      </Typography>
      <Suspense fallback={<Box sx={PER_PAGE_BOX} />}>
        <PerPageSelect label={translate('pagination.perPage')} perPage={perPage} setPerPage={setPerPage} />
      </Suspense>
      <Box sx={{ display: 'flex', alignItems: 'center' }}>
        <Tooltip title={translate('pagination.first')}>
          <span>
            <IconButton
              aria-label={translate('pagination.first')}
              disabled={page === 1}
              onClick={() => setPage(1)}
            >
              <FirstPageIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={translate('pagination.prevWindow', { n })}>
          <span>
            <IconButton
              aria-label={translate('pagination.prevWindow', { n })}
              disabled={w.prev === null}
              onClick={() => w.prev && setPage(w.prev)}
            >
              <NavigateBeforeIcon />
            </IconButton>
          </span>
        </Tooltip>
        {w.pages.map((p) => (
          <Button
            key={p}
            size="small"
            variant={p === page ? 'contained' : 'text'}
            aria-current={p === page ? 'page' : undefined}
            aria-label={translate('pagination.page', { page: p })}
            onClick={() => setPage(p)}
            sx={{ minWidth: 36 }}
          >
            {p}
          </Button>
        ))}
        <Tooltip title={translate('pagination.nextWindow', { n })}>
          <span>
            <IconButton
              aria-label={translate('pagination.nextWindow', { n })}
              disabled={w.next === null}
              onClick={() => w.next && setPage(w.next)}
            >
              <NavigateNextIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={translate('pagination.last')}>
          <span>
            <IconButton
              aria-label={translate('pagination.last')}
              disabled={page === w.totalPages}
              onClick={() => setPage(w.totalPages)}
            >
              <LastPageIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
    </Toolbar>
  );
}
