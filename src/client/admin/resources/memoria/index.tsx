import { Route } from 'react-router-dom';
import InsightsIcon from '@mui/icons-material/Insights';
import MemoriaList from './List';
import MemoriaAlumno from '../../pages/MemoriaAlumno';
import MemoriaDificiles from '../../pages/MemoriaDificiles';

/**
 * /admin/memoria: the memory rows; /admin/memoria/:userId: one child's memory;
 * /admin/memoria/dificiles[/:idNivel]: a level's words the children forget most.
 */
export default {
  list: MemoriaList,
  icon: InsightsIcon,
  children: [
    <Route key="dificiles" path="dificiles" element={<MemoriaDificiles />} />,
    <Route key="dificiles-nivel" path="dificiles/:idNivel" element={<MemoriaDificiles />} />,
    <Route key="alumno" path=":userId" element={<MemoriaAlumno />} />,
  ],
};
