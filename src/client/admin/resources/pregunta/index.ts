import HelpIcon from '@mui/icons-material/Help';
import PreguntaList from './List';
import { PreguntaCreate, PreguntaEdit } from './Form';

export default { list: PreguntaList, create: PreguntaCreate, edit: PreguntaEdit, icon: HelpIcon, recordRepresentation: 'pregunta' };
