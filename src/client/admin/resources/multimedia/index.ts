import PermMediaIcon from '@mui/icons-material/PermMedia';
import MultimediaList from './List';
import { MultimediaCreate, MultimediaEdit } from './Form';

export default { list: MultimediaList, create: MultimediaCreate, edit: MultimediaEdit, icon: PermMediaIcon, recordRepresentation: 'descripcion' };
