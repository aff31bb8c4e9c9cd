/**
 * A sign's stored reference track (PUT/GET /api/trazo): the same Track the dialog computes from the
 * sign's pictures (compare.ts), checked before it is kept so a learner never receives a malformed one.
 */
import { z } from 'zod';
import { LANDMARKS, type Track } from './compare';

/** Most pictures a stored track may hold: a 40 s sign at 10 pictures a second (a GIF is far shorter). */
export const TRAZO_MAX_FRAMES = 400;
export const TRAZO_GUARDADO_MSG = 'Trazo guardado.';
export const TRAZO_SIN_SENA_MSG = 'Esa seña no existe (o cambió): vuelve a cargar la página.';
const TRAZO_INVALIDO_MSG = 'El trazo de la seña no es válido.';

const coord = z.number().finite().min(-1).max(2);
const frame = z.strictObject({
  t: z.number().finite().min(0),
  side: z.enum(['Left', 'Right']).optional(),
  points: z
    .array(z.strictObject({ x: coord, y: coord }))
    .length(LANDMARKS)
    .optional(),
});

export const storedTrackSchema = z.strictObject(
  {
    url: z.string({ message: 'Falta la dirección de la seña.' }).min(1, { message: 'Falta la dirección de la seña.' }).max(500),
    ms: z
      .number({ message: TRAZO_INVALIDO_MSG })
      .int({ message: TRAZO_INVALIDO_MSG })
      .min(0, { message: TRAZO_INVALIDO_MSG })
      .max(600_000, { message: TRAZO_INVALIDO_MSG }),
    track: z
      .array(frame, { message: TRAZO_INVALIDO_MSG })
      .min(1, { message: TRAZO_INVALIDO_MSG })
      .max(TRAZO_MAX_FRAMES, { message: `El trazo no puede tener más de ${TRAZO_MAX_FRAMES} imágenes.` }),
  },
  { error: (iss) => (iss.code === 'unrecognized_keys' ? 'Solo se envían la dirección de la seña, su duración y su trazo.' : TRAZO_INVALIDO_MSG) },
);

export interface StoredTrack {
  ms: number;
  track: Track;
}

/** GET /api/trazo/nivel/{id}: the level's signs and whether each has its track. */
export interface LevelTrackRow {
  id_palabra: number;
  palabraEspanol: string;
  url: string;
  urlCompacta: string | null;
  tipo: string;
  tiene: boolean;
}
