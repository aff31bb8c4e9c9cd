import PeopleIcon from '@mui/icons-material/People';
import UsuarioList from './List';

export default {
  list: UsuarioList,
  icon: PeopleIcon,
  recordRepresentation: (r: { nombre?: string; apellido?: string }) => `${r.nombre ?? ''} ${r.apellido ?? ''}`.trim(),
};
