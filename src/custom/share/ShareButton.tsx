/** The writer's top bar "share" button and the list row's menu item: each opens the share panel, loaded lazily. */
import ShareIcon from '@mui/icons-material/Share';
import { Button, MenuItem } from '@mui/material';
import { useTranslate } from 'ra-core';
import { lazy, Suspense, useState } from 'react';

const SharePanel = lazy(() => import('./SharePanel'));

function Panel({ id, open, onClose }: { id: number; open: boolean; onClose: () => void }) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <SharePanel id={id} open={open} onClose={onClose} />
    </Suspense>
  );
}

export function ShareButton({ id }: { id: number }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        color="inherit"
        startIcon={<ShareIcon />}
        onClick={() => setOpen(true)}
        sx={{ color: 'text.secondary', flexShrink: 0 }}
        data-testid="writer-share"
      >
        {translate('share.panel.open')}
      </Button>
      <Panel id={id} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

/** A row menu's item; the panel stays open after the menu closes (`onPick` closes the menu). */
export function ShareMenuItem({ onPick }: { onPick: () => void }) {
  const translate = useTranslate();
  return <MenuItem onClick={onPick}>{translate('share.panel.open')}</MenuItem>;
}

export { Panel as SharePanelLazy };
