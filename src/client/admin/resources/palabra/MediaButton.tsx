import PermMediaIcon from '@mui/icons-material/PermMedia';
import { useRecordContext } from 'react-admin';
import { LinkButton } from '../../common/LinkButton';

/** "Multimedia": the word's media page (/admin/palabra/{id}/multimedia), from its row or its form. */
export function MediaButton({ label = 'Multimedia' }: { label?: string }) {
  const record = useRecordContext();
  if (record?.id === undefined || record?.id === null) return null;
  return <LinkButton to={`/admin/palabra/${record.id}/multimedia`} label={label} icon={<PermMediaIcon />} />;
}
