import { lazy, Suspense, useState, type ComponentType, type ReactElement } from 'react';
import { createBrowserRouter, matchRoutes, Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { Guard } from './auth/Guard';
import { AlertProvider } from './ui/AlertModal';
import { Loading } from './ui/Loading';
import { adminPathRoles } from '../shared/routes';
import NotFound from './pages/NotFound';

type Loader = () => Promise<{ default: ComponentType<any> }>;
const loaders = new WeakMap<ReactElement, () => Promise<unknown>>();

/**
 * A screen whose code loads on demand. Once that code is there (preloadRoute, or an earlier visit)
 * the screen renders at once, without passing through the Suspense spinner.
 */
const page = (load: Loader) => {
  let loaded: ComponentType<any> | undefined;
  const get = () => load().then((m) => {
    loaded = m.default;
    return m;
  });
  const Lazy = lazy(get);
  function Page() {
    // Chosen once per mount: switching from Lazy to the component itself would remount the screen.
    const [C] = useState<ComponentType<any>>(() => loaded ?? Lazy);
    return <C />;
  }
  const element = <Page />;
  loaders.set(element, get);
  return element;
};

function Root() {
  return (
    <AlertProvider>
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
    </AlertProvider>
  );
}

/** Every path of accounts-and-learner.md section 2 (spelt as the spec spells them). */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { path: '/', element: <Navigate to="/logIn" replace /> },
      { path: '/logIn', caseSensitive: true, element: page(() => import('./learner/login/Login')) },
      { path: '/login', caseSensitive: true, element: <Navigate to="/logIn" replace /> },
      { path: '/singIn', caseSensitive: true, element: page(() => import('./learner/register/Register')) },
      { path: '/recuperar-password', caseSensitive: true, element: page(() => import('./learner/recover/Recover')) },
      { path: '/restablecer-password', caseSensitive: true, element: page(() => import('./learner/recover/ResetPassword')) },
      { path: '/errorPage', caseSensitive: true, element: <NotFound /> },
      {
        element: <Guard />,
        children: [
          { path: '/home', caseSensitive: true, element: page(() => import('./learner/home/Home')) },
          { path: '/maintenace', caseSensitive: true, element: page(() => import('./pages/Maintenance')) },
          { path: '/Menunivel', caseSensitive: true, element: page(() => import('./learner/menunivel/MenuNivel')) },
          { path: '/perfil', caseSensitive: true, element: page(() => import('./learner/profile/Profile')) },
          { path: '/prueba', caseSensitive: true, element: page(() => import('./learner/prueba/Prueba')) },
          { path: '/menuletra/:nivelId/:palabraId', caseSensitive: true, element: page(() => import('./learner/word/WordDetail')) },
          { path: '/cuestionario/:id', caseSensitive: true, element: page(() => import('./learner/quiz/Quiz')) },
          { path: '/supmenu/:id', caseSensitive: true, element: page(() => import('./learner/levelmenu/LevelMenu')) },
          { path: '/supmenu/:id/:palabraId', caseSensitive: true, element: page(() => import('./learner/levelmenu/LevelMenu')) },
          { path: '/juegos', caseSensitive: true, element: page(() => import('./games/GamesMenu')) },
          { path: '/juegos/:idNivel', caseSensitive: true, element: page(() => import('./games/GamesMenu')) },
          { path: '/ahorcado', caseSensitive: true, element: page(() => import('./games/HangmanPage')) },
          { path: '/memorama', caseSensitive: true, element: page(() => import('./games/OrderWordsPage')) },
          { path: '/ruleta-palabras', caseSensitive: true, element: page(() => import('./games/CardsPage')) },
        ],
      },
      {
        path: '/admin/*',
        caseSensitive: true,
        element: <Guard roleFor={adminPathRoles} />,
        children: [{ path: '*', element: page(() => import('./admin/AdminApp')) }],
      },
      { path: '*', element: <Navigate to="/errorPage" replace /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);

/** Loads the code of the screens `pathname` shows (resolves when it is there; rejects if it fails). */
export function preloadRoute(pathname: string): Promise<unknown> {
  const jobs = (matchRoutes(routes, pathname) ?? []).flatMap((m) => {
    const load = m.route.element ? loaders.get(m.route.element as ReactElement) : undefined;
    return load ? [load()] : [];
  });
  return Promise.all(jobs);
}
