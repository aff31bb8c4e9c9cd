import DriveFolderUploadIcon from '@mui/icons-material/DriveFolderUpload';
import { useRecordContext } from 'react-admin';
import { LinkButton } from '../../common/LinkButton';

/** "Importar multimedia": the level's bulk media import (/admin/nivel/{id}/importar), from its row or its form. */
export function ImportButton({ label = 'Importar multimedia' }: { label?: string }) {
  const record = useRecordContext();
  if (record?.id === undefined || record?.id === null) return null;
  return <LinkButton to={`/admin/nivel/${record.id}/importar`} label={label} icon={<DriveFolderUploadIcon />} />;
}
