import { FileField, FileInput, ReferenceInput, SelectInput, required, type Validator } from 'react-admin';
import { MULTIMEDIA_DESCRIPCIONES, MULTIMEDIA_MSG, MULTIMEDIA_TIPOS } from '../../../../shared/resources/multimedia';
import { ResourceCreate, ResourceEdit, ResourceForm } from '../../common/crud';

const numericWord: Validator = (v) => (v === undefined || v === null || v === '' || Number.isInteger(Number(v)) ? undefined : MULTIMEDIA_MSG.palabraInvalida);

function MultimediaInputs({ create }: { create: boolean }) {
  return (
    <>
      <SelectInput source="tipo" label="Tipo" choices={MULTIMEDIA_TIPOS.map((t) => ({ id: t, name: t }))} validate={required(MULTIMEDIA_MSG.tipo)} />
      <SelectInput source="descripcion" label="Descripción" choices={MULTIMEDIA_DESCRIPCIONES.map((d) => ({ id: d, name: d }))} validate={required(MULTIMEDIA_MSG.descripcion)} />
      <ReferenceInput source="id_palabra" reference="palabra" perPage={1000} sort={{ field: 'palabraEspanol', order: 'ASC' }}>
        <SelectInput label="Palabra" optionText={(p: { palabraEspanol: string; palabraIngles: string }) => `${p.palabraEspanol} / ${p.palabraIngles}`} validate={[required(MULTIMEDIA_MSG.palabra), numericWord]} />
      </ReferenceInput>
      <FileInput
        source="file"
        label="Archivo"
        accept={{ 'image/*': [], 'audio/*': [], 'video/*': [] }}
        validate={create ? required(MULTIMEDIA_MSG.archivo) : undefined}
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
      <ResourceForm disableWhenInvalid><MultimediaInputs create /></ResourceForm>
    </ResourceCreate>
  );
}

export function MultimediaEdit() {
  return (
    <ResourceEdit title="Editar multimedia">
      <ResourceForm disableWhenInvalid><MultimediaInputs create={false} /></ResourceForm>
    </ResourceEdit>
  );
}
