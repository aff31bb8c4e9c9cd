import { Route } from 'react-router-dom';
import SchoolIcon from '@mui/icons-material/School';
import ClaseList from './List';
import { ClaseCreate, ClaseEdit } from './Form';
import Dashboard from './Dashboard';
import AlumnoDetalle from './dashboard/AlumnoDetalle';
import Alumnos from './Alumnos';
import Tarjetas from './Tarjetas';

/**
 * /admin/clases: the list; /admin/clases/create: a new class; /admin/clases/:id: the class
 * dashboard (the route, so it takes react-admin's `edit` slot); the form is at
 * /admin/clases/:id/editar; the children, the login cards and one child's detail below it.
 */
export default {
  list: ClaseList,
  create: ClaseCreate,
  edit: Dashboard,
  icon: SchoolIcon,
  recordRepresentation: 'nombre',
  children: [
    <Route key="editar" path=":id/editar" element={<ClaseEdit />} />,
    <Route key="alumnos" path=":id/alumnos" element={<Alumnos />} />,
    <Route key="tarjetas" path=":id/tarjetas" element={<Tarjetas />} />,
    <Route key="alumno" path=":id/alumno/:userId" element={<AlumnoDetalle />} />,
  ],
};
