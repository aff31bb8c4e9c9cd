import type { ReactElement } from 'react';
import { Menu } from 'react-admin';
import DashboardIcon from '@mui/icons-material/Dashboard';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import LeaderboardIcon from '@mui/icons-material/Leaderboard';
import SettingsIcon from '@mui/icons-material/Settings';
import WorkHistoryIcon from '@mui/icons-material/WorkHistory';
import ChildCareIcon from '@mui/icons-material/ChildCare';
import { useSession } from '../../auth/useSession';
import { visibleMenuLinks } from '../menu';
import { SCREENS } from '../screens';

/** Icons of the pages that are not resources; a resource's icon is its folder's (index.tsx `icon`). */
const PAGE_ICONS: Record<string, ReactElement> = {
  inicio: <DashboardIcon />,
  verevaluacion: <FactCheckIcon />,
  resultados: <LeaderboardIcon />,
  configuracion: <SettingsIcon />,
  trabajos: <WorkHistoryIcon />,
};

function iconOf(resource: string | null | undefined): ReactElement {
  const Icon = resource ? SCREENS[resource]?.icon : undefined;
  return Icon ? <Icon /> : (PAGE_ICONS[resource ?? ''] ?? <ChildCareIcon />);
}

/** The sidebar (screens-backoffice.md B-1.1), filtered by the stored user's role. */
export function AdminMenu() {
  const user = useSession();
  return (
    <Menu>
      {visibleMenuLinks(user).map((l) => (
        <Menu.Item key={l.to} to={l.to} primaryText={l.label} leftIcon={iconOf(l.resource)} />
      ))}
    </Menu>
  );
}
