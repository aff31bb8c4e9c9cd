import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from './ui/theme';
import { createRouter } from './routes';

// The global baseline (MUI's CssBaseline for this theme) is static CSS in index.html.
// Created first: the router starts loading the code (and, for the learner screens, the first data:
// boot/loaders.ts) of the address right away, and renders the screen once they are there.
const router = createRouter();

// A transition: React renders the first screen in slices of a few milliseconds, so a tablet's main
// thread is never blocked for long while the app starts.
startTransition(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ThemeProvider theme={theme}>
        <RouterProvider router={router} />
      </ThemeProvider>
    </StrictMode>,
  ),
);
