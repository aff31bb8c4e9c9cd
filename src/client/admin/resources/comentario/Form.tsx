import { useEffect } from 'react';
import { NumberInput, ReferenceInput, SelectInput, TextInput, useGetList, useNotify } from 'react-admin';
import { comentarioSchema } from '../../../../shared/resources/comentario';
import { ResourceCreate, ResourceForm } from '../../common/crud';
import { schemaResolver } from '../../common/zodForm';

const resolver = schemaResolver(comentarioSchema);

export function ComentarioCreate() {
  const notify = useNotify();
  const { error } = useGetList('usuario', { pagination: { page: 1, perPage: 500 }, sort: { field: 'id', order: 'ASC' } });
  useEffect(() => {
    if (error) notify('No se pudieron cargar los usuarios para el formulario.', { type: 'error' });
  }, [error, notify]);
  return (
    <ResourceCreate title="Nuevo comentario">
      <ResourceForm resolver={resolver}>
        <ReferenceInput source="id_user" reference="usuario" perPage={500} sort={{ field: 'id', order: 'ASC' }}>
          <SelectInput
            label="Usuario"
            optionText={(u: { nombre: string; apellido?: string; email: string }) => `${u.nombre} ${u.apellido ?? ''} (${u.email})`}
            isRequired
          />
        </ReferenceInput>
        <TextInput source="comentario" label="Comentario" multiline minRows={3} isRequired />
        <NumberInput source="calificacion" label="Calificación (1 a 5)" isRequired />
      </ResourceForm>
    </ResourceCreate>
  );
}
