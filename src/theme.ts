/** One theme for the sign-in screens and the admin. */
import { createTheme } from '@mui/material/styles';

export const theme = createTheme({
  palette: {
    primary: { main: '#1f6f5c' },
    secondary: { main: '#c0563f' },
    background: { default: '#f6f7f5' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Noto Sans TC", "PingFang TC", "Microsoft JhengHei", sans-serif',
  },
});
