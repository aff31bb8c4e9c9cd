import { SaveButton, TextInput, TopToolbar, useNotify, useRedirect, type RaRecord } from 'react-admin';
import { useFormState } from 'react-hook-form';
import { MESSAGES } from '../../messages';
import { NivelPicker } from '../../common/pickers';
import { palabraSchema } from '../../../../shared/resources/palabra';
import { ResourceCreate, ResourceEdit, ResourceForm } from '../../common/crud';
import { schemaResolver } from '../../common/zodForm';
import { MediaButton } from './MediaButton';

const resolver = schemaResolver(palabraSchema);

function PalabraInputs() {
  return (
    <>
      <TextInput source="palabraEspanol" label="Palabra en Español" isRequired />
      <TextInput source="palabraIngles" label="Palabra en Inglés" isRequired />
      <NivelPicker />
    </>
  );
}

/**
 * 'Guardar y añadir multimedia': saves the new word and opens its media page, where its sign and
 * pictures go next (a teacher used to search the word again and press Multimedia).
 */
function SaveAndAddMedia() {
  const notify = useNotify();
  const redirect = useRedirect();
  const { isSubmitting } = useFormState();
  return (
    <SaveButton
      label="Guardar y añadir multimedia"
      type="button"
      variant="outlined"
      alwaysEnable
      disabled={isSubmitting || undefined}
      mutationOptions={{
        onSuccess: (data: RaRecord) => {
          notify(MESSAGES.palabra?.created ?? 'Guardado.', { type: 'success' });
          redirect(`/admin/palabra/${encodeURIComponent(String(data.id))}/multimedia`);
        },
      }}
    />
  );
}

export function PalabraCreate() {
  return (
    <ResourceCreate title="Nueva palabra">
      <ResourceForm resolver={resolver} createExtra={<SaveAndAddMedia />}>
        <PalabraInputs />
      </ResourceForm>
    </ResourceCreate>
  );
}

export function PalabraEdit() {
  return (
    <ResourceEdit
      title="Editar palabra"
      actions={
        <TopToolbar>
          <MediaButton label="Multimedia de la palabra" />
        </TopToolbar>
      }
    >
      <ResourceForm resolver={resolver}>
        <PalabraInputs />
      </ResourceForm>
    </ResourceEdit>
  );
}
