import LayersIcon from '@mui/icons-material/Layers';
import NivelList from './List';
import { NivelCreate, NivelEdit } from './Form';

export default { list: NivelList, create: NivelCreate, edit: NivelEdit, icon: LayersIcon, recordRepresentation: 'nombre_nivel' };
