import LanguageIcon from '@mui/icons-material/Language';
import DominioList from './List';
import { DominioCreate, DominioEdit } from './Form';

export default { list: DominioList, create: DominioCreate, edit: DominioEdit, icon: LanguageIcon, recordRepresentation: 'dominio' };
