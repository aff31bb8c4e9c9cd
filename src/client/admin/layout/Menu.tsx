import type { ReactElement } from 'react';
import { Menu } from 'react-admin';
import DashboardIcon from '@mui/icons-material/Dashboard';
import PeopleIcon from '@mui/icons-material/People';
import LayersIcon from '@mui/icons-material/Layers';
import TranslateIcon from '@mui/icons-material/Translate';
import ArticleIcon from '@mui/icons-material/Article';
import PermMediaIcon from '@mui/icons-material/PermMedia';
import AssignmentIcon from '@mui/icons-material/Assignment';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import HelpIcon from '@mui/icons-material/Help';
import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer';
import LeaderboardIcon from '@mui/icons-material/Leaderboard';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import LanguageIcon from '@mui/icons-material/Language';
import CommentIcon from '@mui/icons-material/Comment';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import SettingsIcon from '@mui/icons-material/Settings';
import ChildCareIcon from '@mui/icons-material/ChildCare';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import SchoolIcon from '@mui/icons-material/School';
import { useSession } from '../../auth/useSession';
import { visibleMenuLinks } from '../menu';

const ICONS: Record<string, ReactElement> = {
  inicio: <DashboardIcon />,
  usuario: <PeopleIcon />,
  nivel: <LayersIcon />,
  palabra: <TranslateIcon />,
  conten: <ArticleIcon />,
  multimedia: <PermMediaIcon />,
  evaluacion: <AssignmentIcon />,
  verevaluacion: <FactCheckIcon />,
  pregunta: <HelpIcon />,
  respuesta: <QuestionAnswerIcon />,
  resultados: <LeaderboardIcon />,
  institucion: <AccountBalanceIcon />,
  dominio: <LanguageIcon />,
  comentario: <CommentIcon />,
  progreso: <TrendingUpIcon />,
  configuracion: <SettingsIcon />,
  rol: <AdminPanelSettingsIcon />,
  clases: <SchoolIcon />,
};

/** The sidebar of the spec's shell, filtered by the stored user's role. */
export function AdminMenu() {
  const user = useSession();
  return (
    <Menu>
      {visibleMenuLinks(user).map((l) => (
        <Menu.Item key={l.to} to={l.to} primaryText={l.label} leftIcon={ICONS[l.resource ?? ''] ?? <ChildCareIcon />} />
      ))}
    </Menu>
  );
}
