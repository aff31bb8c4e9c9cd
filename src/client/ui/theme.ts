import { createTheme, type ThemeOptions } from '@mui/material/styles';

/**
 * Child-friendly look shared by the learner screens and the back office.
 * Every palette colour is given whole (light, dark and contrast text are what MUI computed from
 * `main`): MUI then computes nothing, which is part of what an app start costs on a tablet.
 */
export const themeOptions: ThemeOptions = {
  palette: {
    primary: { main: '#4a3aff', light: 'rgb(110, 97, 255)', dark: '#3322cc', contrastText: '#ffffff' },
    secondary: { main: '#c2185b', light: 'rgb(206, 70, 123)', dark: 'rgb(135, 16, 63)', contrastText: '#ffffff' },
    success: { main: '#1b7f4a', light: 'rgb(72, 152, 110)', dark: 'rgb(18, 88, 51)', contrastText: '#fff' },
    error: { main: '#c62828', light: 'rgb(209, 83, 83)', dark: 'rgb(138, 28, 28)', contrastText: '#fff' },
    warning: { main: '#b35c00', light: 'rgb(194, 124, 51)', dark: 'rgb(125, 64, 0)', contrastText: '#fff' },
    info: { main: '#0288d1', light: '#03a9f4', dark: '#01579b', contrastText: '#fff' },
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
};

export const theme = createTheme(themeOptions);
