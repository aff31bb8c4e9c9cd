import { useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { useFormState } from 'react-hook-form';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import Paper from '@mui/material/Paper';
import MuiButton from '@mui/material/Button';
import {
  DeleteButton,
  ImageField,
  ImageInput,
  SaveButton,
  Toolbar,
  useNotify,
  useRecordContext,
  useRedirect,
  useResourceContext,
  type RaRecord,
} from 'react-admin';
import { SaveAndCreateAnother } from './formFlow';
import { errorMessage } from '../dataProvider';
import { MESSAGES } from '../messages';
import { getUploadProgress, subscribeUploadProgress } from '../uploadProgress';
import { mediaUrl } from '../../api/http';

/** Replaces react-admin's generic invalid-form notification with the form's own text (B-1.3, B-1.4). */
function InvalidFormWarning({ message }: { message: string }) {
  const { submitCount, errors } = useFormState();
  const seen = useRef(submitCount);
  const notify = useNotify();
  useEffect(() => {
    if (submitCount > seen.current) {
      seen.current = submitCount;
      if (Object.keys(errors).length > 0) notify(message, { type: 'warning' });
    }
  }, [submitCount, errors, notify, message]);
  return null;
}

/**
 * Save + Cancelar. Cancel (like a successful save) returns to the list. A create form (no record
 * id yet) also offers "Guardar y crear otro" (formFlow.tsx), keeping `keep` and restoring `defaults`.
 */
export function FormToolbar({
  disableWhenInvalid = false,
  resource: resourceProp,
  cancelTo,
  keep,
  defaults,
  createExtra,
}: {
  disableWhenInvalid?: boolean;
  resource?: string;
  cancelTo?: string;
  keep?: readonly string[];
  defaults?: Record<string, unknown>;
  /** More save buttons of a create form (a word's 'Guardar y añadir multimedia'). */
  createExtra?: ReactNode;
}) {
  const record = useRecordContext();
  const creating = record?.id == null;
  const ctx = useResourceContext();
  const resource = resourceProp ?? ctx ?? '';
  const redirect = useRedirect();
  const { isValid } = useFormState();
  const m = MESSAGES[resource];
  return (
    <Toolbar sx={{ gap: 2, flexWrap: 'wrap' }}>
      <SaveButton label="Guardar" disabled={disableWhenInvalid ? !isValid : undefined} alwaysEnable={disableWhenInvalid ? undefined : true} />
      {creating && (
        <SaveAndCreateAnother
          resource={resource}
          keep={keep}
          defaults={defaults}
          disabled={disableWhenInvalid ? !isValid : undefined}
          alwaysEnable={disableWhenInvalid ? undefined : true}
        />
      )}
      {creating && createExtra}
      <MuiButton variant="outlined" onClick={() => (cancelTo ? redirect(cancelTo) : redirect('list', resource))}>
        Cancelar
      </MuiButton>
      {m?.invalidForm && <InvalidFormWarning message={m.invalidForm} />}
    </Toolbar>
  );
}

/** The delete dialog (screens-backoffice.md B-1.3): '¿Estás seguro?' + the resource's wording, 'Sí, eliminar' / 'Cancelar'. */
export function ConfirmDelete({
  resource: resourceProp,
  record,
  redirect = 'list',
  onDeleted,
}: {
  resource?: string;
  record?: RaRecord;
  redirect?: string | false;
  onDeleted?: () => void;
}) {
  const ctx = useResourceContext();
  const resource = resourceProp ?? ctx ?? '';
  const notify = useNotify();
  const m = MESSAGES[resource];
  return (
    <DeleteButton
      resource={resource}
      record={record}
      mutationMode="pessimistic"
      confirmTitle="¿Estás seguro?"
      confirmContent={m?.confirmDelete ?? 'Esta acción no se puede deshacer.'}
      redirect={redirect}
      mutationOptions={{
        onSuccess: () => {
          notify(m?.deleted ?? 'Eliminado.', { type: 'success' });
          onDeleted?.();
        },
        onError: (err: unknown) => notify(m?.deleteError ? m.deleteError(errorMessage(err)) : errorMessage(err), { type: 'error' }),
      }}
    />
  );
}

/** The progress of a running upload (the dataProvider's multipart writes). */
/**
 * Upload progress where the user looks: a card over the bottom of the form, above the toolbar's
 * Guardar (it used to be a thin bar at the very top, under the fixed top bar). Announced politely.
 */
export function UploadProgress() {
  const p = useSyncExternalStore(subscribeUploadProgress, getUploadProgress, () => null);
  if (p === null) return null;
  const pct = Math.round(p * 100);
  return (
    <Paper
      role="status"
      aria-live="polite"
      elevation={6}
      sx={{ position: 'fixed', left: '50%', bottom: 24, transform: 'translateX(-50%)', zIndex: 2000, p: 2, width: 'min(420px, calc(100% - 32px))' }}
    >
      <Typography sx={{ fontWeight: 700 }}>Subiendo archivo… {pct}%</Typography>
      <LinearProgress variant="determinate" value={pct} aria-label="Subiendo archivo" sx={{ height: 8, borderRadius: 4, mt: 1 }} />
    </Paper>
  );
}

const IMAGE_ACCEPT = { 'image/jpeg': ['.jpg', '.jpeg'], 'image/png': ['.png'], 'image/gif': ['.gif'] };

/** Shows a stored file name as a preview; a fresh pick keeps its {rawFile, src}. */
export const formatImage = (folder: 'niveles' | 'preguntas' | 'respuestas') => (v: unknown) =>
  typeof v === 'string' && v ? { src: mediaUrl(v, folder), title: v } : v;

/** An image picker for jpeg, png and gif; any other file shows `rejectMessage` as a warning. */
export function ImagePicker({
  source,
  label,
  folder,
  rejectMessage,
  helper,
}: {
  source: string;
  label: string;
  folder: 'niveles' | 'preguntas' | 'respuestas';
  rejectMessage: string;
  helper?: ReactNode;
}) {
  const notify = useNotify();
  return (
    <ImageInput
      source={source}
      label={label}
      inputProps={{ 'aria-label': label }}
      accept={IMAGE_ACCEPT}
      format={formatImage(folder)}
      helperText={helper ?? 'JPG, PNG o GIF.'}
      options={{ onDropRejected: () => notify(rejectMessage, { type: 'warning' }) }}
    >
      <ImageField source="src" title="title" />
    </ImageInput>
  );
}
