import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { ThemeProvider } from '@mui/material/styles';
import CssBaseline from '@mui/material/CssBaseline';
import { theme } from './ui/theme';
import { createRouter, preloadRoute } from './routes';

const router = createRouter();

const root = createRoot(document.getElementById('root')!);

// The first render waits (at most 1.5 s) for the code of the screen the address shows, so the page
// goes from empty to the screen in one paint, without a spinner in between (whose render and
// commit would only delay the screen). It is a transition: React renders it in slices of a few
// milliseconds, so a tablet's main thread is never blocked for long while the app starts.
const start = () => startTransition(() => root.render(
  <StrictMode>
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <RouterProvider router={router} />
    </ThemeProvider>
  </StrictMode>,
));
Promise.race([preloadRoute(location.pathname), new Promise((resolve) => setTimeout(resolve, 1500))]).then(start, start);
