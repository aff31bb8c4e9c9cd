import { EditButton, TextField, useRecordContext, Button } from 'react-admin';
import { Link } from 'react-router-dom';
import LanguageIcon from '@mui/icons-material/Language';
import { ResourceList } from '../../common/crud';
import { ResourceGrid, RowActions } from '../../common/ResourceGrid';
import { ConfirmDelete } from '../../common/components';

function DominioButton() {
  const record = useRecordContext();
  if (!record) return null;
  return <Button component={Link} to={`/admin/dominio/crear/${record.id}`} label="Dominio" startIcon={<LanguageIcon />} />;
}

export default function InstitucionList() {
  return (
    <ResourceList title="Instituciones" search="Buscar por nombre...">
      <ResourceGrid>
        <TextField source="nombre" label="Nombre" />
        <RowActions label="Acciones">
          <EditButton />
          <ConfirmDelete />
          <DominioButton />
        </RowActions>
      </ResourceGrid>
    </ResourceList>
  );
}
