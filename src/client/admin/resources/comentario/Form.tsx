import { useEffect } from 'react';
import { NumberInput, ReferenceInput, SelectInput, TextInput, maxValue, minValue, required, useGetList, useNotify } from 'react-admin';
import { COMENTARIO_MSG } from '../../../../shared/resources/comentario';
import { ResourceCreate, ResourceForm } from '../../common/crud';

export function ComentarioCreate() {
  const notify = useNotify();
  const { error } = useGetList('usuario', { pagination: { page: 1, perPage: 500 }, sort: { field: 'id', order: 'ASC' } });
  useEffect(() => {
    if (error) notify('No se pudieron cargar los usuarios para el formulario.', { type: 'error' });
  }, [error, notify]);
  return (
    <ResourceCreate title="Nuevo comentario">
      <ResourceForm>
        <ReferenceInput source="id_user" reference="usuario" perPage={500} sort={{ field: 'id', order: 'ASC' }}>
          <SelectInput label="Usuario" optionText={(u: { nombre: string; apellido?: string; email: string }) => `${u.nombre} ${u.apellido ?? ''} (${u.email})`} validate={required(COMENTARIO_MSG.usuario)} />
        </ReferenceInput>
        <TextInput source="comentario" label="Comentario" multiline minRows={3} validate={required(COMENTARIO_MSG.comentario)} />
        <NumberInput source="calificacion" label="Calificación (1 a 5)" validate={[required(COMENTARIO_MSG.calificacion), minValue(1, COMENTARIO_MSG.calificacion), maxValue(5, COMENTARIO_MSG.calificacion)]} />
      </ResourceForm>
    </ResourceCreate>
  );
}
