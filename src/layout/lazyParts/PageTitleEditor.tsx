/** react-admin's page title editor (ra-ui-materialui 5.15), on its own: it loads when the inspector opens it. */
import { TextField } from '@mui/material';
import { usePreferenceInput } from 'ra-core';

export default function PageTitleEditor() {
  const field = usePreferenceInput('', '');
  return (
    <form>
      <TextField label="title" variant="filled" size="small" fullWidth sx={{ mb: 1 }} {...field} />
    </form>
  );
}
