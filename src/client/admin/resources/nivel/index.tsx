import { Route } from 'react-router-dom';
import LayersIcon from '@mui/icons-material/Layers';
import NivelList from './List';
import { NivelCreate, NivelEdit } from './Form';
import ImportarMultimedia from '../../import/ImportarMultimedia';
import type { AdminScreens } from '../../screens';

export default {
  list: NivelList,
  create: NivelCreate,
  edit: NivelEdit,
  icon: LayersIcon,
  recordRepresentation: 'nombre_nivel',
  children: <Route path=":id/importar" element={<ImportarMultimedia />} />,
} satisfies AdminScreens;
