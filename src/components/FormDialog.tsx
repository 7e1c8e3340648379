/** A dialog holding a form: a click outside does not close it (what was typed would be lost); Esc and Cancel do. */
import { Dialog, type DialogProps } from '@mui/material';
import type { ReactNode } from 'react';

export function FormDialog({
  titleId,
  onClose,
  maxWidth = 'sm',
  testId,
  children,
}: {
  /** The id of the dialog's title, which names it. */
  titleId: string;
  onClose: () => void;
  maxWidth?: DialogProps['maxWidth'];
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Dialog
      open
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby={titleId}
      onClose={(_e, reason) => {
        if (reason !== 'backdropClick') onClose();
      }}
      data-testid={testId}
    >
      {children}
    </Dialog>
  );
}
