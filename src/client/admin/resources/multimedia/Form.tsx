import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useFormContext, useWatch } from 'react-hook-form';
import { FileField, FileInput, SelectInput, useRecordContext } from 'react-admin';
import { mediaUrl } from '../../../api/http';
import { descripcionesOfTipo, tipoForDescripcion } from '../../common/multimediaTipos';
import { PalabraPicker } from '../../common/pickers';
import { MULTIMEDIA_TIPOS, multimediaFormSchema } from '../../../../shared/resources/multimedia';
import { ResourceCreate, ResourceEdit, ResourceForm } from '../../common/crud';
import { schemaResolver } from '../../common/zodForm';

/** The file is required on create only. */
const createResolver = schemaResolver(multimediaFormSchema(true));
const editResolver = schemaResolver(multimediaFormSchema(false));

/** The stored file of the record being edited, shown or playable beside the upload field. */
function CurrentFile() {
  const record = useRecordContext<{ id: number; url?: string | null; tipo?: string; descripcion?: string }>();
  const src = mediaUrl(record?.url);
  if (!record || !src) return null;
  const tipo = (record.tipo ?? '').toLowerCase();
  const what = `Archivo actual (${record.tipo ?? ''}, ${record.descripcion ?? ''})`;
  return (
    <Box component="figure" sx={{ m: 0, mb: 2, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 2, width: { xs: '100%', sm: 'auto' }, maxWidth: 360 }}>
      <Typography component="figcaption" variant="body2" sx={{ fontWeight: 600, mb: 1 }}>
        {what}
      </Typography>
      {tipo === 'video' ? (
        <Box
          component="video"
          src={src}
          controls
          preload="metadata"
          aria-label="Video actual"
          sx={{ width: '100%', maxHeight: 240, borderRadius: 1, bgcolor: 'grey.900' }}
        />
      ) : tipo === 'audio' ? (
        <Box component="audio" src={src} controls preload="metadata" aria-label="Audio actual" sx={{ width: '100%' }} />
      ) : (
        <Box
          component="img"
          src={src}
          alt="Archivo actual"
          sx={{ display: 'block', maxWidth: '100%', maxHeight: 240, objectFit: 'contain', borderRadius: 1, bgcolor: 'grey.100' }}
        />
      )}
    </Box>
  );
}

/**
 * Tipo and Descripción follow each other (common/multimediaTipos.ts): the descripciones offered
 * are the chosen tipo's; choosing a descripción sets a tipo that fits it; a tipo that no longer
 * fits the chosen descripción clears it.
 */
function MultimediaInputs({ create }: { create: boolean }) {
  const { setValue, getValues } = useFormContext();
  const tipo = useWatch({ name: 'tipo' }) as string | undefined;
  const descripciones = descripcionesOfTipo(tipo);
  return (
    <>
      <SelectInput
        source="tipo"
        label="Tipo"
        choices={MULTIMEDIA_TIPOS.map((t) => ({ id: t, name: t }))}
        isRequired
        onChange={(e: { target?: { value?: unknown } }) => {
          const next = String(e?.target?.value ?? '');
          const d = getValues('descripcion') as string | undefined;
          if (d && next && !descripcionesOfTipo(next).includes(d)) setValue('descripcion', '', { shouldDirty: true, shouldValidate: true });
        }}
      />
      <SelectInput
        source="descripcion"
        label="Descripción"
        choices={descripciones.map((d) => ({ id: d, name: d }))}
        isRequired
        onChange={(e: { target?: { value?: unknown } }) => {
          const d = String(e?.target?.value ?? '');
          const t = d ? tipoForDescripcion(d, getValues('tipo') as string | undefined) : null;
          if (t && t !== getValues('tipo')) setValue('tipo', t, { shouldDirty: true, shouldValidate: true });
        }}
      />
      <PalabraPicker label="Palabra" isRequired bilingual />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', width: '100%' }}>
        {!create && <CurrentFile />}
        <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
          <FileInput
            source="file"
            label="Archivo"
            inputProps={{ 'aria-label': 'Archivo' }}
            accept={{ 'image/*': [], 'audio/*': [], 'video/*': [] }}
            isRequired={create}
            helperText={create ? 'Imagen, GIF, audio o video.' : 'Opcional al editar: deja vacío para conservar el archivo actual.'}
          >
            <FileField source="src" title="title" />
          </FileInput>
        </Box>
      </Box>
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
