/**
 * The one CSV export button of the lists (staff, members, followers, and every entity declaring an `export`, such as
 * orders): downloads what `endpoint` answers for the list's current filters and sort (as the dataProvider maps them
 * for `resource`), then says so; a refusal shows the server's message (a 403 is told by the app's own handler).
 */
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import { useListContext, useNotify } from 'ra-core';
import { useState } from 'react';
import { Button } from 'react-admin';
import type { AnyEndpoint } from '../../contract/endpoint';
import { apiOf, toFilters } from '../dataProvider';
import type { ApiError } from '../dataProvider/client';
import { downloadCsv } from '../dataProvider/download';

export interface CsvExportButtonProps {
  endpoint: AnyEndpoint;
  /** The resource whose filters the list holds; absent: the export takes no query (it is the whole list). */
  resource?: string;
  /** The name kept when the server names none (`members.csv`). */
  fileName: string;
  /** i18n keys: the button's label and the notice once downloaded. */
  label: string;
  done: string;
  'data-testid'?: string;
}

export function CsvExportButton({
  endpoint,
  resource,
  fileName,
  label,
  done,
  ...rest
}: CsvExportButtonProps) {
  const notify = useNotify();
  const { filterValues, sort } = useListContext();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const api = resource ? await apiOf(resource) : undefined;
      const body = api
        ? {
            ...api.extra,
            query: {
              filters: toFilters(api, filterValues),
              ...(sort?.field
                ? { sort: { col: sort.field, order: sort.order === 'ASC' ? 'asc' : 'desc' } }
                : {}),
            },
          }
        : {};
      await downloadCsv(endpoint, body as never, fileName);
      notify(done, { type: 'success' });
    } catch (err) {
      const failure = err as ApiError | null;
      const text = failure?.status === 403 ? '' : failure?.body?.msg || failure?.message;
      if (text) notify(text, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button label={label} onClick={run} disabled={busy} data-testid={rest['data-testid']}>
      <DownloadIcon />
    </Button>
  );
}
