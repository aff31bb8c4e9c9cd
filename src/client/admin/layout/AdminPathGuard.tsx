import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { readRole } from '../../../shared/roles';
import { getStoredUser } from '../../auth/session';
import { adminPathRoles } from '../canAccess';

/**
 * The route guard (routes.md) for the back office's own screens: a role outside the screen's list
 * (from the resource's declaration, or the page table) goes to /errorPage, as the learner router
 * does for everything else.
 */
export function AdminPathGuard({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const path = pathname.startsWith('/admin') ? pathname : `/admin${pathname}`;
  if (!adminPathRoles(path).includes(readRole(getStoredUser()))) return <Navigate to="/errorPage" replace />;
  return <>{children}</>;
}
