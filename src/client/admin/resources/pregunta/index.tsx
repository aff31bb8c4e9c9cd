import { Route } from 'react-router-dom';
import HelpIcon from '@mui/icons-material/Help';
import PreguntaList from './List';
import { PreguntaCreate, PreguntaEdit } from './Form';
import PreguntaDetail from '../../pages/PreguntaDetail';
import type { AdminScreens } from '../../screens';

/** /admin/pregunta/{id} is the question detail; its edit form lives at /admin/pregunta/{id}/editar. */
export default {
  list: PreguntaList,
  create: PreguntaCreate,
  icon: HelpIcon,
  recordRepresentation: 'pregunta',
  children: [<Route key="detalle" path=":id" element={<PreguntaDetail />} />, <Route key="editar" path=":id/editar" element={<PreguntaEdit />} />],
} satisfies AdminScreens;
