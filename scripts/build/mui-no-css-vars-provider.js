// Stands in for @mui/material/esm/styles/ThemeProviderWithVars.js in the production client build
// (see mui-no-css-vars.js): MUI's ThemeProvider only renders CssVarsProvider for a theme with
// `colorSchemes`, which Manitas never creates.
const refuse = () => {
  throw new Error('Manitas: los temas con variables CSS de MUI no están incluidos en esta compilación (scripts/build/perf-plugins.ts).');
};
export const CssVarsProvider = refuse;
export const Experimental_CssVarsProvider = refuse;
export const useColorScheme = refuse;
export const getInitColorSchemeScript = refuse;
