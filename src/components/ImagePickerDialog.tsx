/**
 * "Upload or choose from the library": the site's pictures in a searchable, paged grid, with an upload button for
 * several files (a progress bar each). A click selects, a double click (or 使用這張圖片) answers the picture's path;
 * a picture uploaded here is selected as soon as it is stored. Its own chunk: ImageUpload loads it when opened.
 */
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { ListContextProvider, useCanAccess, useListController, useTranslate } from 'ra-core';
import { useId, useState } from 'react';
import type { LibraryFile } from '../../contract/files';
import { FilterLiveSearch } from './lists';
import { DropArea, FileGrid, UploadButton, UploadProgressList } from './media';
import { useUploads } from './useUploads';
import { WindowPagination } from './WindowPagination';

export interface ImagePickerDialogProps {
  /** The field's picture, selected to begin with. */
  current?: string;
  onClose: () => void;
  onPick: (path: string) => void;
}

export default function ImagePickerDialog({ current, onClose, onPick }: ImagePickerDialogProps) {
  const translate = useTranslate();
  const titleId = useId();
  const [selected, setSelected] = useState(current ?? '');
  const list = useListController<LibraryFile>({
    resource: 'file',
    perPage: 10,
    sort: { field: 'created_at', order: 'DESC' },
    disableSyncWithLocation: true,
    storeKey: false,
  });
  const uploads = useUploads((reply) => {
    setSelected(reply.path);
    // The newest first: back to the first page, where the new picture is.
    if (list.page !== 1) list.setPage(1);
    else list.refetch();
  });
  const { canAccess: canUpload = false } = useCanAccess({ resource: 'file', action: 'create' });

  return (
    <Dialog
      open
      fullWidth
      maxWidth="md"
      onClose={onClose}
      aria-labelledby={titleId}
      data-testid="image-picker"
    >
      <DialogTitle id={titleId} sx={{ pb: 0.5 }}>
        {translate('files.picker.title')}
      </DialogTitle>
      <Typography variant="body2" color="text.secondary" sx={{ px: 3, pb: 1 }}>
        {translate(canUpload ? 'files.picker.hint' : 'files.picker.hintChooseOnly')}
      </Typography>
      <ListContextProvider value={list}>
        <Stack
          direction="row"
          spacing={2}
          sx={{ px: 3, pb: 1.5, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
        >
          <FilterLiveSearch source="q" label="files.search" sx={{ minWidth: 220 }} />
          {canUpload ? <UploadButton onFiles={uploads.add} testId="picker-upload-input" /> : null}
        </Stack>
        <DialogContent dividers sx={{ p: 0, minHeight: 320 }}>
          <DropArea onFiles={uploads.add} disabled={!canUpload}>
            <UploadProgressList items={uploads.items} onDismiss={uploads.dismiss} />
            <FileGrid
              selected={selected}
              minTile={130}
              onOpen={(file) => setSelected(file.path)}
              onPick={(file) => onPick(file.path)}
            />
          </DropArea>
          <WindowPagination />
        </DialogContent>
      </ListContextProvider>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!selected || selected === current || uploads.busy}
          onClick={() => onPick(selected)}
          data-testid="picker-use"
        >
          {translate('files.picker.use')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
