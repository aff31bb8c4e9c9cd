import { Suspense, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, Outlet, ScrollRestoration, type RouteObject } from 'react-router-dom';
import { Guard } from './auth/Guard';
import { AlertProvider } from './ui/AlertModal';
import { Loading } from './ui/Loading';
import { adminShellRoles } from '../shared/routes';
import NotFound from './pages/NotFound';
import { homeLoader, levelMenuLoader, wordLoader } from './boot/loaders';
import { AfterLoad } from './offline/AfterLoad';

/**
 * A screen whose code loads on demand (react-router's route `lazy`): the router fetches it before
 * it shows the route, so the first visit goes from an empty page to the screen in one paint.
 */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });

function Root() {
  return (
    <AlertProvider>
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
      {/* A new screen opens at its top (its header and title in view), even when the screen before
          was scrolled and the new one has its data at once (loaders); Back returns to where the child
          was. Keyed by path, so a list's filters and sorting (query string) keep the place. */}
      <ScrollRestoration getKey={(location) => location.pathname} />
      {/* Service worker, "Sin conexión" and "Nueva versión disponible" (L-1.4), loaded after the page's load event. */}
      <AfterLoad />
    </AlertProvider>
  );
}

/** Every path of docs/product/routes.md and R-1.2 (spelt exactly as there). */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    // Until the first route's code (and loader) are there the page stays empty: one paint, no spinner.
    hydrateFallbackElement: <></>,
    children: [
      { path: '/', element: <Navigate to="/logIn" replace /> },
      { path: '/logIn', caseSensitive: true, lazy: page(() => import('./learner/login/Login')) },
      // L-3: a child without email logs in with the class code and a picture password (public, like /logIn).
      { path: '/logIn/clase', caseSensitive: true, lazy: page(() => import('./learner/classlogin/ClassLogin')) },
      { path: '/login', caseSensitive: true, element: <Navigate to="/logIn" replace /> },
      { path: '/singIn', caseSensitive: true, lazy: page(() => import('./learner/register/Register')) },
      { path: '/recuperar-password', caseSensitive: true, lazy: page(() => import('./learner/recover/Recover')) },
      { path: '/restablecer-password', caseSensitive: true, lazy: page(() => import('./learner/recover/ResetPassword')) },
      { path: '/errorPage', caseSensitive: true, element: <NotFound /> },
      {
        element: <Guard />,
        children: [
          // /home/repaso is the review session (L-10.2), opened by the Home module: see Home.tsx.
          { path: '/home/:panel?', caseSensitive: true, lazy: page(() => import('./learner/home/Home')), loader: homeLoader },
          { path: '/maintenace', caseSensitive: true, lazy: page(() => import('./pages/Maintenance')) },
          { path: '/Menunivel', caseSensitive: true, lazy: page(() => import('./learner/menunivel/MenuNivel')) },
          { path: '/perfil', caseSensitive: true, lazy: page(() => import('./learner/profile/Profile')) },
          { path: '/prueba', caseSensitive: true, lazy: page(() => import('./learner/prueba/Prueba')) },
          { path: '/menuletra/:nivelId/:palabraId', caseSensitive: true, lazy: page(() => import('./learner/word/WordDetail')), loader: wordLoader },
          { path: '/cuestionario/:id', caseSensitive: true, lazy: page(() => import('./learner/quiz/Quiz')) },
          { path: '/supmenu/:id', caseSensitive: true, lazy: page(() => import('./learner/levelmenu/LevelMenu')), loader: levelMenuLoader },
          { path: '/supmenu/:id/:palabraId', caseSensitive: true, lazy: page(() => import('./learner/levelmenu/LevelMenu')), loader: levelMenuLoader },
          { path: '/juegos', caseSensitive: true, lazy: page(() => import('./games/GamesMenu')) },
          { path: '/juegos/:idNivel', caseSensitive: true, lazy: page(() => import('./games/GamesMenu')) },
          { path: '/ahorcado', caseSensitive: true, lazy: page(() => import('./games/HangmanPage')) },
          { path: '/memorama', caseSensitive: true, lazy: page(() => import('./games/OrderWordsPage')) },
          { path: '/ruleta-palabras', caseSensitive: true, lazy: page(() => import('./games/CardsPage')) },
        ],
      },
      {
        path: '/admin/*',
        caseSensitive: true,
        element: <Guard roleFor={adminShellRoles} />,
        children: [{ path: '*', lazy: page(() => import('./admin/AdminApp')) }],
      },
      { path: '*', element: <Navigate to="/errorPage" replace /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
