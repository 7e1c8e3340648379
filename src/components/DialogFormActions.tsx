/** The action bar of an edit dialog: delete on the left (when allowed), cancel and save on the right. */
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import { Box, Button, DialogActions } from '@mui/material';
import { useTranslate } from 'ra-core';
import { SaveButton } from 'react-admin';

interface DialogFormActionsProps {
  onClose: () => void;
  /** Omitted: no delete button (a new record, or no permission). */
  onDelete?: () => void;
  canSave: boolean;
}

export function DialogFormActions({ onClose, onDelete, canSave }: DialogFormActionsProps) {
  const translate = useTranslate();
  return (
    <DialogActions sx={{ px: 3, py: 1.5 }}>
      {onDelete ? (
        <Button color="error" startIcon={<DeleteIcon />} onClick={onDelete}>
          {translate('ra.action.delete')}
        </Button>
      ) : null}
      <Box sx={{ flex: 1 }} />
      <Button onClick={onClose} color="inherit">
        {translate('ra.action.cancel')}
      </Button>
      {canSave ? <SaveButton /> : null}
    </DialogActions>
  );
}
