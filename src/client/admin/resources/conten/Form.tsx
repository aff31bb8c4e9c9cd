import { FileField, FileInput, ReferenceInput, SelectInput, TextInput } from 'react-admin';
import { contenidoSchema, TIPOS_CONTENIDO } from '../../../../shared/resources/contenido';
import { ResourceCreate, ResourceEdit, ResourceForm } from '../../common/crud';
import { schemaResolver } from '../../common/zodForm';

const resolver = schemaResolver(contenidoSchema);

function ContenidoInputs() {
  return (
    <>
      <SelectInput source="tipo_contenido" label="Tipo" choices={TIPOS_CONTENIDO.map((t) => ({ id: t, name: t }))} isRequired />
      <ReferenceInput source="id_nivel" reference="nivel" perPage={500}>
        <SelectInput label="Nivel" optionText="nombre_nivel" isRequired />
      </ReferenceInput>
      <ReferenceInput source="id_palabra" reference="palabra" perPage={500}>
        <SelectInput label="Palabra (opcional)" optionText="palabraEspanol" emptyText="Ninguna" />
      </ReferenceInput>
      <TextInput source="descripcion" label="Descripción (opcional)" multiline />
      <FileInput source="archivo" label="Archivo (imagen, video, texto o PDF)" helperText="Opcional. Al editar, deja vacío para conservar el archivo actual.">
        <FileField source="src" title="title" />
      </FileInput>
    </>
  );
}

export function ContenidoCreate() {
  return (
    <ResourceCreate title="Nuevo contenido">
      <ResourceForm resolver={resolver}>
        <ContenidoInputs />
      </ResourceForm>
    </ResourceCreate>
  );
}

export function ContenidoEdit() {
  return (
    <ResourceEdit title="Editar contenido">
      <ResourceForm resolver={resolver}>
        <ContenidoInputs />
      </ResourceForm>
    </ResourceEdit>
  );
}
