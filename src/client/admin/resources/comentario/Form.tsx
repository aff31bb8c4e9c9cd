import { useEffect } from 'react';
import { NumberInput, TextInput, useGetList, useNotify } from 'react-admin';
import { PICKER_PAGE, UserPicker } from '../../common/pickers';
import { comentarioSchema } from '../../../../shared/resources/comentario';
import { ResourceCreate, ResourceForm } from '../../common/crud';
import { schemaResolver } from '../../common/zodForm';
import { me } from '../clases/api';

const resolver = schemaResolver(comentarioSchema);

export function ComentarioCreate() {
  const notify = useNotify();
  // B-17's message when the users cannot be loaded (the picker itself searches as the user types).
  const { error } = useGetList('usuario', { pagination: { page: 1, perPage: PICKER_PAGE }, sort: { field: 'nombre', order: 'ASC' } });
  useEffect(() => {
    if (error) notify('No se pudieron cargar los usuarios para el formulario.', { type: 'error' });
  }, [error, notify]);
  return (
    <ResourceCreate title="Nuevo comentario">
      {/* The author is the signed-in user (the server refuses any other id_user). */}
      <ResourceForm resolver={resolver} defaultValues={{ id_user: me().id || undefined }}>
        <UserPicker source="id_user" />
        <TextInput source="comentario" label="Comentario" multiline minRows={3} isRequired />
        <NumberInput source="calificacion" label="Calificación (1 a 5)" isRequired />
      </ResourceForm>
    </ResourceCreate>
  );
}
