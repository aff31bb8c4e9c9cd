import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import InstitucionList from './List';
import { InstitucionCreate, InstitucionEdit } from './Form';

export default { list: InstitucionList, create: InstitucionCreate, edit: InstitucionEdit, icon: AccountBalanceIcon, recordRepresentation: 'nombre' };
