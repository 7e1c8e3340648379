/**
 * /file (SPEC §2, §7 Files): the site's pictures in a grid, newest first, with a name filter and pages of 5 page
 * buttons. Upload several at once (button or drop), each with a progress bar driven by the bytes sent; open one for
 * its preview (/file/image/:id); delete with a confirmation. Sub-routes: fileRoutes.ts.
 */
import { useCanAccess, useRefresh } from 'ra-core';
import { useCallback, useState } from 'react';
import { List, TopToolbar } from 'react-admin';
import { useNavigate, useParams } from 'react-router';
import type { LibraryFile } from '../../../contract/files';
import { DeleteDialog } from '../../components/DeleteDialog';
import { FilterPanel } from '../../components/lists';
import { DropArea, FileGrid, UploadButton, UploadProgressList } from '../../components/media';
import { NotFound } from '../../components/NotFound';
import { useUploads } from '../../components/useUploads';
import { WindowPagination } from '../../components/WindowPagination';
import { FilePreviewDialog } from './FilePreviewDialog';
import { LIBRARY_PATH, parseFileRoute, previewPath } from './fileRoutes';

function FileFilters() {
  return <FilterPanel search={{ source: 'q', label: 'files.search' }} />;
}

export default function FileLibrary() {
  const navigate = useNavigate();
  const refresh = useRefresh();
  const route = parseFileRoute(useParams()['*']);
  const [deleting, setDeleting] = useState<LibraryFile | null>(null);
  const { canAccess: canUpload = false } = useCanAccess({ resource: 'file', action: 'create' });
  const { canAccess: canDelete = false } = useCanAccess({ resource: 'file', action: 'delete' });
  const uploads = useUploads(() => refresh());
  const close = useCallback(() => navigate(LIBRARY_PATH), [navigate]);

  if (route.screen === 'notFound') return <NotFound />;
  return (
    <>
      <List
        resource="file"
        aside={<FileFilters />}
        actions={<TopToolbar>{canUpload ? <UploadButton onFiles={uploads.add} /> : null}</TopToolbar>}
        pagination={<WindowPagination />}
        perPage={25}
        sort={{ field: 'created_at', order: 'DESC' }}
        empty={false}
      >
        <DropArea onFiles={uploads.add} disabled={!canUpload}>
          <UploadProgressList items={uploads.items} onDismiss={uploads.dismiss} />
          <FileGrid
            onOpen={(file) => navigate(previewPath(file.id))}
            onDelete={canDelete ? setDeleting : undefined}
          />
        </DropArea>
      </List>
      {route.screen === 'preview' ? (
        <FilePreviewDialog id={route.id} onClose={close} onDelete={canDelete ? setDeleting : undefined} />
      ) : null}
      {deleting ? (
        // A store that fails (3151) keeps the picture, and the dialog says so.
        <DeleteDialog
          resource="file"
          record={deleting}
          name={deleting.name}
          title="files.delete.title"
          content="files.delete.body"
          done="files.delete.done"
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setDeleting(null);
            if (route.screen === 'preview') close();
          }}
        />
      ) : null}
    </>
  );
}
