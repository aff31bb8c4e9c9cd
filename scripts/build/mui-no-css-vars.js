// Stands in for @mui/material/esm/styles/createThemeWithVars.js in the production client build.
// Manitas never builds a CSS-variables theme: no createTheme call passes `cssVariables` or
// `colorSchemes` (ours, react-admin's, MUI's default theme), so MUI always takes the no-vars path
// and this code was dead weight on every first visit (about 8 KB gzipped). If someone adds CSS
// variables one day, this throws at once instead of misbehaving: remove the plugin then.
const refuse = () => {
  throw new Error('Manitas: los temas con variables CSS de MUI no están incluidos en esta compilación (scripts/build/perf-plugins.ts).');
};
export const createGetCssVar = refuse;
export default function createThemeWithVars() {
  refuse();
}
