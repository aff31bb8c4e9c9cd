import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import ProgresoList from './List';

export default { list: ProgresoList, icon: TrendingUpIcon };
