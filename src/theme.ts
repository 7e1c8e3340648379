/** One theme for the sign-in screens and the admin. */
import { createTheme } from '@mui/material/styles';
import { DELAY } from '../contract/constants';

const filterFormDefaults: Record<string, unknown> = { debounce: DELAY.inputDebounce };

export const theme = createTheme({
  palette: {
    primary: { main: '#1f6f5c' },
    secondary: { main: '#c0563f' },
    background: { default: '#f6f7f5' },
    // Darker than Material's own, so that white words on them (chips) and they on white reach 4.5:1 (WCAG AA).
    warning: { main: '#b45309' },
    info: { main: '#0277bd' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Noto Sans TC", "PingFang TC", "Microsoft JhengHei", sans-serif',
  },
  components: {
    // The toolbar filters of a list (<List filters>) wait SPEC §9's input debounce, as the filter panels do
    // (components/lists.tsx): react-admin's FilterForm hands its props, this one too, to its FilterLiveForm.
    RaFilterForm: { defaultProps: filterFormDefaults },
    // Someone who asked their system for less motion gets none: dialogs, menus, ripples, spinners and progress bars
    // reach their end state at once (WCAG 2.3.3). The browser tests run so too (playwright.config.ts
    // `reducedMotion`): a third less CPU for the same steps.
    MuiCssBaseline: {
      styleOverrides: {
        '@media (prefers-reduced-motion: reduce)': {
          '*, *::before, *::after': {
            animationDuration: '0.01ms !important',
            animationIterationCount: '1 !important',
            transitionDuration: '0.01ms !important',
            scrollBehavior: 'auto !important',
          },
        },
      },
    },
    // Beside a filter panel a list may shrink, and a wide table scrolls inside its own box: the page is never wider
    // than the window, and the toolbar's buttons wrap rather than leave it.
    RaList: { styleOverrides: { root: { '& .RaList-main': { minWidth: 0 } } } },
    RaTopToolbar: { styleOverrides: { root: { flexWrap: 'wrap' } } },
    // Initials on a picture-less avatar, readable (Material's grey on grey is 1.8:1).
    MuiAvatar: { styleOverrides: { colorDefault: { backgroundColor: '#757575', color: '#fff' } } },
    // react-admin's row checkbox (DataTable's SelectRowCheckbox) names the checkbox's <span>, which may carry no
    // name (axe aria-prohibited-attr) and leaves the input itself unnamed (axe label): the name goes to the input.
    MuiCheckbox: {
      defaultProps: {
        slotProps: {
          root: () => ({ 'aria-label': undefined }),
          input: ({ inputProps, 'aria-label': label }) => ({
            ...inputProps,
            'aria-label': inputProps?.['aria-label'] ?? label,
          }),
        },
      },
    },
  },
});
