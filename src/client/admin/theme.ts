import { createTheme } from '@mui/material/styles';
import type { CheckboxOwnerState } from '@mui/material/Checkbox';
import { theme as productTheme, themeOptions } from '../ui/theme';

/**
 * The product's look, plus react-admin touches: the delete dialog's buttons as screens-backoffice.md B-1.3 words them.
 * Made from the product's options, not from its made theme: relating a whole Theme to the
 * ThemeOptions createTheme takes cost the type-check 39 of its 45 s (TypeScript's trace); the
 * result is the same, createTheme merges these touches over the options as it did over the theme.
 */
export const adminTheme = createTheme(themeOptions, {
  sidebar: { width: 250, closedWidth: 56 },
  components: {
    RaConfirm: { defaultProps: { confirm: 'Sí, eliminar', cancel: 'Cancelar' } },
    MuiAppBar: { styleOverrides: { colorSecondary: { backgroundColor: productTheme.palette.primary.main } } },
    MuiButton: { styleOverrides: { root: { minHeight: 36 } } },
    MuiTableCell: { styleOverrides: { head: { fontWeight: 800 } } },
    // An empty list's message is text to read, not a disabled control: react-admin draws it in
    // text.disabled (2.65:1 on the page background); text.secondary meets WCAG AA (axe color-contrast).
    RaEmpty: { styleOverrides: { root: { '& .RaEmpty-message': { color: productTheme.palette.text.secondary } } } },
    // react-admin's file and image inputs keep their real <input type=file> unlabelled (the visible
    // label is a span): a fallback name for every picker; each form passes its field's own label.
    RaFileInput: { defaultProps: { inputProps: { 'aria-label': 'Elegir archivo' } } },
    // react-admin's Datagrid gives each row's select checkbox an aria-label on MUI's root <span>
    // (not allowed there) and leaves the real <input type=checkbox> unnamed (axe aria-prohibited-attr
    // and label). Move a Checkbox's aria-label onto its input; one that passes its own
    // slotProps.input (as the header's "Seleccionar todo" does) keeps it.
    MuiCheckbox: {
      defaultProps: {
        slotProps: {
          root: (os: CheckboxOwnerState) => (os['aria-label'] ? { 'aria-label': undefined } : {}),
          input: (os: CheckboxOwnerState) => ({ ...os.inputProps, ...(os['aria-label'] ? { 'aria-label': os['aria-label'] } : {}) }),
        },
      },
    },
  },
});
