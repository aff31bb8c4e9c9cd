import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer';
import RespuestaList from './List';
import { RespuestaCreate, RespuestaEdit } from './Form';

export default { list: RespuestaList, create: RespuestaCreate, edit: RespuestaEdit, icon: QuestionAnswerIcon, recordRepresentation: 'respuesta' };
