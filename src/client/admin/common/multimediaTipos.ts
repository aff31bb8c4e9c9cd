import { MEDIA_SLOTS } from '../../../shared/rules/mediaSlots';
import { MULTIMEDIA_DESCRIPCIONES, MULTIMEDIA_TIPOS, type MultimediaTipo } from '../../../shared/resources/multimedia';

/**
 * Which Tipo goes with which Descripción in the multimedia form, read from the word media slots
 * (src/shared/rules/mediaSlots.ts: the tipo each slot saves a file as). gifSena takes a GIF or a
 * video; the image slots are 'imagen' (a GIF picture too); the audio slots are 'audio'.
 */
export function tiposOfDescripcion(descripcion: string): MultimediaTipo[] {
  const slot = MEDIA_SLOTS.find((s) => s.descripcion === descripcion);
  if (!slot) return [...MULTIMEDIA_TIPOS];
  // In the slot's order: its first tipo is the usual one (gifSena: gif, then video).
  return [...new Set(Object.values(slot.kinds))].filter((t): t is MultimediaTipo => (MULTIMEDIA_TIPOS as readonly string[]).includes(t));
}

/** The descripciones offered for a tipo (all of them while no tipo is chosen). */
export function descripcionesOfTipo(tipo: string | null | undefined): string[] {
  if (!tipo) return [...MULTIMEDIA_DESCRIPCIONES];
  return MULTIMEDIA_DESCRIPCIONES.filter((d) => tiposOfDescripcion(d).includes(tipo as MultimediaTipo));
}

/**
 * The tipo after choosing a descripción: the current one when it fits, else the descripción's
 * first tipo (gifSena → gif, imgEspanol → imagen, audioIngles → audio).
 */
export function tipoForDescripcion(descripcion: string, current: string | null | undefined): MultimediaTipo | null {
  const tipos = tiposOfDescripcion(descripcion);
  if (current && tipos.includes(current as MultimediaTipo)) return current as MultimediaTipo;
  return tipos[0] ?? null;
}
