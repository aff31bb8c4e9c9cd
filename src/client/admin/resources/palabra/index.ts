import TranslateIcon from '@mui/icons-material/Translate';
import PalabraList from './List';
import { PalabraCreate, PalabraEdit } from './Form';

export default { list: PalabraList, create: PalabraCreate, edit: PalabraEdit, icon: TranslateIcon, recordRepresentation: 'palabraEspanol' };
