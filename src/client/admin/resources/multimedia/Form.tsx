import { FileField, FileInput, ReferenceInput, SelectInput } from 'react-admin';
import { MULTIMEDIA_DESCRIPCIONES, MULTIMEDIA_TIPOS, multimediaFormSchema } from '../../../../shared/resources/multimedia';
import { ResourceCreate, ResourceEdit, ResourceForm } from '../../common/crud';
import { schemaResolver } from '../../common/zodForm';

/** The file is required on create only. */
const createResolver = schemaResolver(multimediaFormSchema(true));
const editResolver = schemaResolver(multimediaFormSchema(false));

function MultimediaInputs({ create }: { create: boolean }) {
  return (
    <>
      <SelectInput source="tipo" label="Tipo" choices={MULTIMEDIA_TIPOS.map((t) => ({ id: t, name: t }))} isRequired />
      <SelectInput source="descripcion" label="Descripción" choices={MULTIMEDIA_DESCRIPCIONES.map((d) => ({ id: d, name: d }))} isRequired />
      <ReferenceInput source="id_palabra" reference="palabra" perPage={500} sort={{ field: 'palabraEspanol', order: 'ASC' }}>
        <SelectInput
          label="Palabra"
          optionText={(p: { palabraEspanol: string; palabraIngles: string }) => `${p.palabraEspanol} / ${p.palabraIngles}`}
          isRequired
        />
      </ReferenceInput>
      <FileInput
        source="file"
        label="Archivo"
        accept={{ 'image/*': [], 'audio/*': [], 'video/*': [] }}
        isRequired={create}
        helperText={create ? 'Imagen, GIF, audio o video.' : 'Opcional al editar: deja vacío para conservar el archivo actual.'}
      >
        <FileField source="src" title="title" />
      </FileInput>
    </>
  );
}

export function MultimediaCreate() {
  return (
    <ResourceCreate title="Subir multimedia">
      <ResourceForm resolver={createResolver} disableWhenInvalid>
        <MultimediaInputs create />
      </ResourceForm>
    </ResourceCreate>
  );
}

export function MultimediaEdit() {
  return (
    <ResourceEdit title="Editar multimedia">
      <ResourceForm resolver={editResolver} disableWhenInvalid>
        <MultimediaInputs create={false} />
      </ResourceForm>
    </ResourceEdit>
  );
}
