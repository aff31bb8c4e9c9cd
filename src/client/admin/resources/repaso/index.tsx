import HistoryIcon from '@mui/icons-material/History';
import RepasoList from './List';

export default { list: RepasoList, icon: HistoryIcon };
