import { z } from 'zod';
import { defineResource } from './types';
import { oneOf, optionalId, optionalText, requiredId } from './fields';

export const TIPOS_CONTENIDO = ['Imagen', 'Video', 'Texto', 'Juego'] as const;
type TipoContenido = (typeof TIPOS_CONTENIDO)[number];

const CONTENIDO_MSG = {
  tipo: 'El tipo de contenido es requerido.',
  tipoInvalido: 'El tipo de contenido debe ser Imagen, Video, Texto o Juego.',
  nivel: 'El nivel es requerido.',
  nivelInvalido: 'El nivel seleccionado no es válido.',
  palabraInvalida: 'La palabra seleccionada no es válida.',
  invalidSubmit: 'Por favor, complete todos los campos requeridos.',
} as const;

/** The file types each tipo_contenido accepts, and the message when the bytes are something else. */
export const CONTENIDO_FILE_RULES: Record<TipoContenido, { kinds: readonly string[]; msg: string }> = {
  Imagen: { kinds: ['jpeg', 'png', 'gif'], msg: 'Para el tipo Imagen solo se permiten archivos JPG, PNG o GIF.' },
  Video: { kinds: ['mp4', 'webm'], msg: 'Para el tipo Video solo se permiten archivos MP4 o WEBM.' },
  Texto: { kinds: ['text', 'pdf'], msg: 'Para el tipo Texto solo se permiten archivos de texto o PDF.' },
  Juego: { kinds: ['jpeg', 'png', 'gif'], msg: 'Para el tipo Juego solo se permiten archivos JPG, PNG o GIF.' },
};

/** POST api/contenido/create and PUT api/contenido/update/{id} (multipart; `archivo` optional). */
export const contenidoSchema = z.object({
  tipo_contenido: oneOf(TIPOS_CONTENIDO, CONTENIDO_MSG.tipo, CONTENIDO_MSG.tipoInvalido),
  id_nivel: requiredId(CONTENIDO_MSG.nivel, CONTENIDO_MSG.nivelInvalido),
  id_palabra: optionalId(CONTENIDO_MSG.palabraInvalida),
  descripcion: optionalText(500, 'La descripción no puede exceder los 500 caracteres.'),
});
export type ContenidoInput = z.infer<typeof contenidoSchema>;

export interface ContenidoWire {
  id_contenido: number;
  tipo_contenido: string;
  id_nivel: number;
  id_palabra: number | null;
  descripcion: string | null;
  /** `uploads/contenidos/{file}` or null. */
  url_archivo: string | null;
  nivel: { nombre_nivel: string };
  palabra: { palabraEspanol: string; palabraIngles: string } | null;
}

/** react-admin's name is the admin route child, `conten`. */
export const contenidoResource = defineResource({
  name: 'conten',
  idField: 'id_contenido',
  paths: {
    list: 'contenido/contenido',
    one: 'contenido/{id}',
    create: 'contenido/create',
    update: 'contenido/update/{id}',
    delete: 'contenido/{id}',
  },
  listKey: 'data',
  multipart: true,
  fileFields: ['archivo'],
  schema: contenidoSchema,
  searchFields: ['tipo_contenido', 'descripcion', 'nivel.nombre_nivel', 'palabra.palabraEspanol'],
  writeRole: 'admin',
  readRole: 'admin',
});
