import { Route } from 'react-router-dom';
import TranslateIcon from '@mui/icons-material/Translate';
import PalabraList from './List';
import { PalabraCreate, PalabraEdit } from './Form';
import WordMediaPage from '../../media/WordMediaPage';
import type { AdminScreens } from '../../screens';

/** /admin/palabra/{id}/multimedia is a word's media page (its six slots, 'Grabar seña'). */
export default {
  list: PalabraList,
  create: PalabraCreate,
  edit: PalabraEdit,
  icon: TranslateIcon,
  recordRepresentation: 'palabraEspanol',
  children: <Route path=":id/multimedia" element={<WordMediaPage />} />,
} satisfies AdminScreens;
