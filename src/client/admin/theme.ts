import { createTheme } from '@mui/material/styles';
import { theme as productTheme } from '../ui/theme';

/** The product's look, plus react-admin touches: the delete dialog's buttons as the spec words them. */
export const adminTheme = createTheme(productTheme, {
  sidebar: { width: 250, closedWidth: 56 },
  components: {
    RaConfirm: { defaultProps: { confirm: 'Sí, eliminar', cancel: 'Cancelar' } },
    MuiAppBar: { styleOverrides: { colorSecondary: { backgroundColor: productTheme.palette.primary.main } } },
    MuiButton: { styleOverrides: { root: { minHeight: 36 } } },
    MuiTableCell: { styleOverrides: { head: { fontWeight: 800 } } },
  },
});
