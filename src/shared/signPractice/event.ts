/**
 * A "¡Ahora tú!" attempt as a learning event (POST /api/repaso/practica): only the scores leave the
 * device, never a picture or a landmark (DESIGN.md "Camera practice"). Like every queued event it
 * carries the device's idempotency key and the time it happened (docs/product/wire.md W-11).
 */
import { z } from 'zod';
import { dbId } from '../validation/numbers';
import { DEVICE_CLAVE_RE, deviceTime } from '../rules/offline';
import { starsOf, type Part, type Stars } from './compare';

export const PRACTICA_GUARDADA_MSG = 'Práctica guardada.';
export const PRACTICA_ESTRELLAS_MSG = 'Las estrellas no corresponden a las partes de la seña.';
export const PRACTICA_PUNTAJE_MSG = 'La puntuación no corresponde a las partes de la seña.';
export const PRACTICA_OTRO_NINO_MSG = 'Solo puedes guardar tus propias prácticas.';

/** How far the sent total may be from the total of the sent parts (rounding on the device). */
const PUNTAJE_TOLERANCIA = 0.005;

const part = (name: string) =>
  z
    .number({ message: `La parte «${name}» debe ser un número.` })
    .min(0, { message: `La parte «${name}» va de 0 a 1.` })
    .max(1, { message: `La parte «${name}» va de 0 a 1.` });

export const practiceEventSchema = z
  .strictObject(
    {
      id_palabra: dbId('El identificador de la palabra no es válido.'),
      clave: z.string({ message: 'La clave de la práctica es obligatoria.' }).regex(DEVICE_CLAVE_RE, { message: 'La clave de la práctica no es válida.' }),
      estrellas: z
        .number({ message: 'Las estrellas deben ser 1, 2 o 3.' })
        .int({ message: 'Las estrellas deben ser 1, 2 o 3.' })
        .min(1, { message: 'Las estrellas deben ser 1, 2 o 3.' })
        .max(3, { message: 'Las estrellas deben ser 1, 2 o 3.' }),
      puntaje: z
        .number({ message: 'La puntuación debe ser un número.' })
        .min(0, { message: 'La puntuación va de 0 a 1.' })
        .max(1, { message: 'La puntuación va de 0 a 1.' }),
      forma: part('forma'),
      lugar: part('lugar'),
      movimiento: part('movimiento'),
      fecha: deviceTime,
    },
    { error: (iss) => (iss.code === 'unrecognized_keys' ? 'Solo se envían la palabra, la clave, la fecha y las puntuaciones.' : undefined) },
  )
  // The stars and the total must follow from the parts by the comparison's own rule (starsOf): a
  // teacher's view never shows stars the parts do not earn.
  .superRefine((e, ctx) => {
    const { score, stars } = starsOf({ forma: e.forma, lugar: e.lugar, movimiento: e.movimiento });
    if (stars !== e.estrellas) ctx.addIssue({ code: 'custom', path: ['estrellas'], message: PRACTICA_ESTRELLAS_MSG });
    if (Math.abs(score - e.puntaje) > PUNTAJE_TOLERANCIA) ctx.addIssue({ code: 'custom', path: ['puntaje'], message: PRACTICA_PUNTAJE_MSG });
  });

/** The body a device sends for one scored attempt (the parts rounded to 3 decimals: enough, and short). */
export function practiceBody(idPalabra: number, clave: string, r: { stars: Stars; parts: Record<Part, number> }, fecha: Date) {
  const round = (v: number) => Math.round(v * 1000) / 1000;
  const parts = { forma: round(r.parts.forma), lugar: round(r.parts.lugar), movimiento: round(r.parts.movimiento) };
  // Stars and total are recomputed from the rounded parts, so the server's check agrees exactly.
  const { score, stars } = starsOf(parts);
  return { id_palabra: idPalabra, clave, estrellas: stars, puntaje: round(score), ...parts, fecha: fecha.toISOString() };
}

/** Reply of POST /api/repaso/practica. */
export interface PracticeResult {
  id_palabra: number;
  estrellas: Stars;
  /** Whether the attempt counted as a successful retrieval in the child's memory (2–3 stars). */
  repaso: boolean;
}
