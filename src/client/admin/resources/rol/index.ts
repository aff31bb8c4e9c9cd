import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import RolList from './List';
import { RolCreate, RolEdit } from './Form';

export default { list: RolList, create: RolCreate, edit: RolEdit, icon: AdminPanelSettingsIcon, recordRepresentation: 'nombre' };
