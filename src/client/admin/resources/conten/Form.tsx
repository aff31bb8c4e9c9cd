import { useFormContext, useWatch } from 'react-hook-form';
import { FileField, FileInput, SelectInput, TextInput, useGetOne, type RaRecord } from 'react-admin';
import { NivelPicker, PalabraPicker } from '../../common/pickers';
import { contenidoSchema, TIPOS_CONTENIDO } from '../../../../shared/resources/contenido';
import { formScreens } from '../../common/crud';
import { schemaResolver } from '../../common/zodForm';

const resolver = schemaResolver(contenidoSchema);

/**
 * The level and the word follow each other: the word picker lists the chosen level's words (all
 * words, grouped by level, while no level is chosen); choosing a word sets its level; changing the
 * level drops a word of another level.
 */
function ContenidoInputs() {
  const { setValue, getValues } = useFormContext();
  const idNivel = useWatch({ name: 'id_nivel' }) as number | null | undefined;
  const idPalabra = useWatch({ name: 'id_palabra' }) as number | null | undefined;
  const { data: palabra } = useGetOne<RaRecord & { id_nivel?: number }>('palabra', { id: idPalabra as number }, { enabled: !!idPalabra });
  return (
    <>
      <SelectInput source="tipo_contenido" label="Tipo" choices={TIPOS_CONTENIDO.map((t) => ({ id: t, name: t }))} isRequired />
      <NivelPicker
        onChange={(v: unknown) => {
          if (v && palabra?.id_nivel != null && palabra.id_nivel !== v) setValue('id_palabra', null, { shouldDirty: true });
        }}
      />
      <PalabraPicker
        label="Palabra (opcional)"
        idNivel={idNivel}
        onChange={(_v: unknown, rec: RaRecord | '') => {
          const nivel = rec ? (rec.id_nivel as number | undefined) : undefined;
          if (nivel != null && nivel !== getValues('id_nivel')) setValue('id_nivel', nivel, { shouldDirty: true, shouldValidate: true });
        }}
      />
      <TextInput source="descripcion" label="Descripción (opcional)" multiline />
      <FileInput
        source="archivo"
        label="Archivo (imagen, video, texto o PDF)"
        inputProps={{ 'aria-label': 'Archivo (imagen, video, texto o PDF)' }}
        helperText="Opcional. Al editar, deja vacío para conservar el archivo actual."
      >
        <FileField source="src" title="title" />
      </FileInput>
    </>
  );
}

export const { Create: ContenidoCreate, Edit: ContenidoEdit } = formScreens(ContenidoInputs, resolver, { create: 'Nuevo contenido', edit: 'Editar contenido' });
