import { EditButton, TextField } from 'react-admin';
import { ResourceList } from '../../common/crud';
import { ResourceGrid, RowActions } from '../../common/ResourceGrid';
import { ConfirmDelete } from '../../common/components';
import { nivelFilter, sinSenaFilter, withSearch } from '../../common/listFilters';
import { MediaButton } from './MediaButton';

export default function PalabraList() {
  return (
    <ResourceList title="Palabras" filters={withSearch('Buscar palabras...', nivelFilter(), sinSenaFilter())}>
      <ResourceGrid>
        <TextField source="palabraEspanol" label="Palabra en Español" />
        <TextField source="palabraIngles" label="Palabra en Inglés" />
        <TextField source="nivel.nombre_nivel" label="Nivel" sortBy="nivel" />
        <RowActions label="Acciones">
          <MediaButton />
          <EditButton />
          <ConfirmDelete />
        </RowActions>
      </ResourceGrid>
    </ResourceList>
  );
}
