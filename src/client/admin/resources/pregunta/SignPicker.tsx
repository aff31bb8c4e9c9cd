import Box from '@mui/material/Box';
import { FileInput, useNotify, useRecordContext } from 'react-admin';
import { PREGUNTA_FILE, PREGUNTA_MSG } from '../../../../shared/resources/pregunta';
import { formatImage } from '../../common/components';
import { SignPlayer, isAnimatedSign } from '../../../sign/SignPlayer';
import { mediaUrl } from '../../../api/http';
import type { QuizMedia } from '../../../../shared/resources/evaluacion';

type PictureValue = { src?: string; title?: string; rawFile?: File };

/**
 * How the preview plays the file: a video (picked or stored) and a stored GIF in the sign player;
 * JPG/PNG as a picture. A GIF just picked stays a plain <img> (it animates there): it is a blob:
 * URL, which the player's GIF decoder cannot fetch (the page's connect-src allows no blob:).
 */
function signKind(v: PictureValue): 'gif' | 'video' | null {
  const type = v.rawFile?.type ?? '';
  if (type.startsWith('video/')) return 'video';
  if (type) return null;
  const name = v.title ?? v.src ?? '';
  if (!isAnimatedSign(name)) return null;
  return /\.(gif|webp)(\?|$)/i.test(name) ? 'gif' : 'video';
}

function PicturePreview() {
  const v = useRecordContext<PictureValue & { id?: never }>();
  if (!v?.src) return null;
  const kind = signKind(v);
  return (
    <Box data-testid="pregunta-imagen-preview" sx={{ maxWidth: 240, my: 1 }}>
      {kind ? (
        <SignPlayer src={v.src} kind={kind} label={`Seña de la pregunta: ${v.title ?? ''}`} variant="preview" />
      ) : (
        <Box component="img" src={v.src} alt={v.title ?? ''} sx={{ maxWidth: '100%', maxHeight: 160 }} />
      )}
    </Box>
  );
}

/** The question's imagen: a picture, or a sign (GIF, MP4 or WEBM) previewed in the sign player. */
export function SignOrImagePicker() {
  const notify = useNotify();
  return (
    <FileInput
      source="imagen"
      label={PREGUNTA_FILE.label}
      inputProps={{ 'aria-label': PREGUNTA_FILE.label }}
      accept={PREGUNTA_FILE.accept}
      format={formatImage('preguntas')}
      helperText={PREGUNTA_FILE.helper}
      options={{ onDropRejected: () => notify(PREGUNTA_MSG.imagen, { type: 'warning' }) }}
    >
      <PicturePreview />
    </FileInput>
  );
}

function MediaThumb({ m, label }: { m: QuizMedia; label: string }) {
  const src = mediaUrl(m.url)!;
  return m.tipo.toLowerCase() === 'imagen' ? (
    <Box component="img" src={src} alt={label} sx={{ maxWidth: 120, maxHeight: 120, objectFit: 'contain' }} />
  ) : (
    <Box sx={{ width: 160 }}>
      <SignPlayer src={src} compactSrc={mediaUrl(m.compacta?.url)} label={label} variant="preview" />
    </Box>
  );
}

/**
 * A sign question's sign (a word's media, set by "Generar preguntas con señas"): shown so the
 * teacher sees what the child sees; it is the word's own file, changed on the word's media page.
 */
export function LinkedSign() {
  const record = useRecordContext<{ id?: number; multimedia?: QuizMedia | null }>();
  if (!record?.multimedia) return null;
  return (
    <Box data-testid="pregunta-sena" sx={{ my: 1 }}>
      <Box sx={{ fontWeight: 600, mb: 0.5 }}>Seña de la pregunta (de la palabra; se cambia en Multimedia)</Box>
      <MediaThumb m={record.multimedia} label="Seña de la pregunta" />
    </Box>
  );
}

/** An answer's sign or picture (sign questions), inside its row of the answers. */
export function LinkedAnswerMedia() {
  const row = useRecordContext<{ id?: number; respuesta?: string; multimedia?: QuizMedia | null }>();
  if (!row?.multimedia) return null;
  return <MediaThumb m={row.multimedia} label={`${row.multimedia.tipo.toLowerCase() === 'imagen' ? 'Imagen' : 'Seña'} de ${row.respuesta ?? ''}`} />;
}
