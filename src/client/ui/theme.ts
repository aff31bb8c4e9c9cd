import { createTheme } from '@mui/material/styles';

/** Child-friendly look shared by the learner screens and the back office. */
export const theme = createTheme({
  palette: {
    primary: { main: '#4a3aff', dark: '#3322cc', contrastText: '#ffffff' },
    secondary: { main: '#c2185b', contrastText: '#ffffff' },
    success: { main: '#1b7f4a' },
    error: { main: '#c62828' },
    warning: { main: '#b35c00' },
    background: { default: '#f4f1ff', paper: '#ffffff' },
    text: { primary: '#1d1a3a', secondary: '#4a4766' },
  },
  shape: { borderRadius: 16 },
  typography: {
    fontFamily: '"Nunito", "Trebuchet MS", "Segoe UI", system-ui, -apple-system, Roboto, Arial, sans-serif',
    button: { textTransform: 'none', fontWeight: 700, fontSize: '1rem' },
    h1: { fontWeight: 800 },
    h2: { fontWeight: 800 },
    h3: { fontWeight: 800 },
    h4: { fontWeight: 800 },
  },
  components: {
    MuiButton: { styleOverrides: { root: { minHeight: 44, borderRadius: 999, paddingInline: 20 } } },
    MuiTextField: { defaultProps: { fullWidth: true } },
  },
});
