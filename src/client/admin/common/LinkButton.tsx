import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { Button } from 'react-admin';

/** A react-admin styled button that navigates (stops row clicks). */
export function LinkButton({ to, label, icon }: { to: string; label: string; icon?: ReactElement }) {
  return <Button component={Link} to={to} label={label} startIcon={icon} onClick={(e) => e.stopPropagation()} />;
}
