import CommentIcon from '@mui/icons-material/Comment';
import ComentarioList from './List';
import { ComentarioCreate } from './Form';

/** No edit or delete (screens-backoffice.md B-17). */
export default { list: ComentarioList, create: ComentarioCreate, icon: CommentIcon };
