/**
 * 匯入 Word on the article list: a dialog to choose a .docx, a progress bar while it uploads, then while the server
 * converts it; the writer then opens on the new draft (./ImportWordDialog.tsx, loaded when the button is clicked).
 */
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import { useCanAccess } from 'ra-core';
import { Suspense, useState } from 'react';
import { Button } from 'react-admin';
import { lazyWithWords } from '../../i18n/LaterWords';

const ImportWordDialog = lazyWithWords(() => import('./ImportWordDialog'));

export function ImportWordButton() {
  const { canAccess } = useCanAccess({ resource: 'press', action: 'create' });
  const [open, setOpen] = useState(false);
  if (!canAccess) return null;
  return (
    <>
      <Button label="wordImport.button" onClick={() => setOpen(true)}>
        <UploadIcon />
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <ImportWordDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
