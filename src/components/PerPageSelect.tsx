/**
 * The rows-per-page choice of the list pagination (./WindowPagination.tsx): a TextField select, which brings MUI's
 * form inputs (~9 kB gzip) that a list's first render otherwise does without. Its own chunk, loaded as the list first
 * renders, beside its first page's request; the pagination shows once that page has arrived.
 */
import { MenuItem, TextField } from '@mui/material';
import { PAGE_SIZES } from '../../contract/constants';

export default function PerPageSelect({
  label,
  perPage,
  setPerPage,
}: {
  label: string;
  perPage: number;
  setPerPage: (perPage: number) => void;
}) {
  return (
    <TextField
      select
      size="small"
      variant="standard"
      label={label}
      value={perPage}
      onChange={(e) => setPerPage(Number(e.target.value))}
      sx={{ minWidth: 90 }}
    >
      {PAGE_SIZES.map((size) => (
        <MenuItem key={size} value={size}>
          {size}
        </MenuItem>
      ))}
    </TextField>
  );
}
