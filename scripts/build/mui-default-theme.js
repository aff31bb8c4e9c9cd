// Stands in for @mui/material/esm/styles/defaultTheme.js in the production client build.
// MUI builds its default theme (`createTheme()`, ~20 ms on a tablet: palette contrasts, typography,
// shadows) when its styles are first imported, only to use it where no ThemeProvider gives one.
// Every Manitas screen is inside a ThemeProvider (src/client/main.tsx), so that theme is never
// read: here it is built on its first use instead, with the same value.
// A cycle (MUI's styles import this module), harmless: createTheme is only called later, on first read.
import { createTheme } from '@mui/material/styles';

let built;
const real = () => (built ??= createTheme());

export default new Proxy(
  {},
  {
    get: (_, key) => Reflect.get(real(), key),
    has: (_, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_, key) => {
      const d = Reflect.getOwnPropertyDescriptor(real(), key);
      return d && { ...d, configurable: true };
    },
  },
);
