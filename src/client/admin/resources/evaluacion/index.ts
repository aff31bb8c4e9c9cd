import AssignmentIcon from '@mui/icons-material/Assignment';
import EvaluacionList from './List';
import { EvaluacionCreate, EvaluacionEdit } from './Form';

export default { list: EvaluacionList, create: EvaluacionCreate, edit: EvaluacionEdit, icon: AssignmentIcon, recordRepresentation: 'id' };
