import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useEffect, type ReactNode } from 'react';
import { guardDecision } from '../../shared/routes';
import type { Role } from '../../shared/roles';
import { useSession } from './useSession';

/**
 * The navigation guard: no stored user with an id → /logIn; a role outside `roles` → /errorPage.
 * `roleFor` lets the admin shell pick the roles per child path.
 */
export function Guard({
  roles = null,
  roleFor,
  children,
}: {
  roles?: readonly Role[] | null;
  roleFor?: (pathname: string) => readonly Role[];
  children?: ReactNode;
}) {
  const location = useLocation();
  useSession(); // re-render when the session changes
  const allowed = roleFor ? roleFor(location.pathname) : roles;
  const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem('user');
  const decision = guardDecision(raw, allowed, typeof window !== 'undefined');
  // A signed-in screen: bring the account's preferences to this device (once per account and page;
  // src/client/prefs/sync.ts) and send what the child did offline (src/client/offline/sync.ts).
  // One chunk of its own (src/client/boot/signedIn.ts), so the login page does not carry them.
  const signedIn = decision !== 'login';
  useEffect(() => {
    if (signedIn) void import('../boot/signedIn').then((m) => m.startSignedIn()).catch(() => undefined);
  }, [signedIn, raw]);
  if (decision === 'login') return <Navigate to="/logIn" replace />;
  if (decision === 'forbidden') return <Navigate to="/errorPage" replace />;
  return <>{children ?? <Outlet />}</>;
}
