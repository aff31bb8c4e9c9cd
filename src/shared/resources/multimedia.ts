import { z } from 'zod';
import { defineResource } from './types';
import { oneOf, requiredFile, requiredId, requiredText } from './fields';

export const MULTIMEDIA_TIPOS = ['imagen', 'audio', 'video', 'gif'] as const;
export type MultimediaTipo = (typeof MULTIMEDIA_TIPOS)[number];
/** Descriptions the learner screens look for. */
export const MULTIMEDIA_DESCRIPCIONES = ['gifmenu', 'audioEspanol', 'audioIngles', 'imgEspanol', 'imgIngles', 'gifSena'] as const;

export const MULTIMEDIA_MSG = {
  tipo: 'El tipo es obligatorio.',
  tipoInvalido: 'El tipo debe ser imagen, audio, video o gif.',
  descripcion: 'La descripción es obligatoria.',
  palabra: 'La palabra es obligatoria.',
  palabraInvalida: 'La palabra seleccionada no es válida.',
  archivo: 'El archivo es obligatorio.',
  invalidSubmit: 'Por favor, complete todos los campos.',
} as const;

/** The file types each tipo accepts, and the message when the bytes are something else. */
export const MULTIMEDIA_FILE_RULES: Record<MultimediaTipo, { kinds: readonly string[]; msg: string }> = {
  imagen: { kinds: ['jpeg', 'png', 'gif'], msg: 'Para el tipo imagen solo se permiten archivos JPG, PNG o GIF.' },
  gif: { kinds: ['gif'], msg: 'Para el tipo gif solo se permiten archivos GIF.' },
  audio: { kinds: ['mp3', 'ogg', 'wav', 'mp4'], msg: 'Para el tipo audio solo se permiten archivos MP3, OGG, WAV o M4A.' },
  video: { kinds: ['mp4', 'webm'], msg: 'Para el tipo video solo se permiten archivos MP4 o WEBM.' },
};

/** POST api/multimedia/register and PUT api/multimedia/update/{id} (multipart; `file` required on create only). */
const multimediaSchema = z.object({
  tipo: oneOf(MULTIMEDIA_TIPOS, MULTIMEDIA_MSG.tipo, MULTIMEDIA_MSG.tipoInvalido),
  descripcion: requiredText(MULTIMEDIA_MSG.descripcion, 100, 'La descripción no puede exceder los 100 caracteres.'),
  id_palabra: requiredId(MULTIMEDIA_MSG.palabra, MULTIMEDIA_MSG.palabraInvalida),
});
export type MultimediaInput = z.infer<typeof multimediaSchema>;

/** The admin form's reading: the file travels in `file`, required on create only (as the server checks). */
export const multimediaFormSchema = (create: boolean) => (create ? multimediaSchema.extend({ file: requiredFile(MULTIMEDIA_MSG.archivo) }) : multimediaSchema);

export interface MultimediaWire {
  id: number;
  tipo: string;
  descripcion: string;
  /** `uploads/multimedia/{file}` (prefix with the API host). */
  url: string;
  id_palabra: number;
  palabra?: { palabraEspanol: string; palabraIngles: string };
  /** Bytes of the stored file (null until the startup backfill has measured an older file). */
  tamano: number | null;
  /**
   * The compact rendition of a GIF (an animated WebP with the same size, frames and timing) that
   * players prefer where the browser plays WebP; the GIF in `url` is the fallback. Null: none.
   */
  compacta: { url: string; tamano: number | null } | null;
}

export const multimediaResource = defineResource({
  name: 'multimedia',
  idField: 'id',
  paths: {
    list: 'multimedia/getMultimedias',
    one: 'multimedia/get/{id}',
    create: 'multimedia/register',
    update: 'multimedia/update/{id}',
    delete: 'multimedia/delete/{id}',
  },
  listKey: null,
  multipart: true,
  fileFields: ['file'],
  schema: multimediaSchema,
  searchFields: ['tipo', 'descripcion', 'palabra.palabraEspanol', 'palabra.palabraIngles'],
  writeRole: 'admin',
  readRole: 'usuario',
});
