import ArticleIcon from '@mui/icons-material/Article';
import ContenidoList from './List';
import { ContenidoCreate, ContenidoEdit } from './Form';

export default { list: ContenidoList, create: ContenidoCreate, edit: ContenidoEdit, icon: ArticleIcon, recordRepresentation: 'descripcion' };
