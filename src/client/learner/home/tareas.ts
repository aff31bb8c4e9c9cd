/**
 * Assignments on the child's /home (screens-learner.md L-9): the levels their classes' teachers assigned come
 * first, each with its due date. Pure functions (no I/O, no React) so the order and the wording
 * are unit-tested; only a type is imported from the classes contract (no zod in the /home chunk).
 */
import type { MiTareaWire } from '../../../shared/resources/clases';
import { fechaEnLetras } from '../../../shared/rules/dates';

/** One assigned level: its earliest due date (null when no class gave one). */
export interface TareaNivel {
  id_nivel: number;
  fecha: string | null;
}

/**
 * The assigned levels, one entry per level, in the order the child should do them: dated ones by
 * date (earliest first), then undated ones. A level assigned by two classes keeps its earliest date.
 */
export function tareasPorNivel(tareas: readonly Pick<MiTareaWire, 'id_nivel' | 'fecha'>[]): TareaNivel[] {
  const byLevel = new Map<number, string | null>();
  for (const t of tareas) {
    const fecha = typeof t.fecha === 'string' && /^\d{4}-\d{2}-\d{2}/.test(t.fecha) ? t.fecha.slice(0, 10) : null;
    if (!byLevel.has(t.id_nivel)) byLevel.set(t.id_nivel, fecha);
    else {
      const prev = byLevel.get(t.id_nivel) ?? null;
      if (fecha && (!prev || fecha < prev)) byLevel.set(t.id_nivel, fecha);
    }
  }
  return [...byLevel.entries()]
    .map(([id_nivel, fecha]) => ({ id_nivel, fecha }))
    .sort((a, b) => (a.fecha === b.fecha ? 0 : a.fecha === null ? 1 : b.fecha === null ? -1 : a.fecha < b.fecha ? -1 : 1));
}

/**
 * The levels with the assigned ones first (in `tareasPorNivel` order) and the rest as they came.
 * An assignment for a level the child cannot see (not in `levels`) is ignored.
 */
export function ordenarConTareas<L extends { id_nivel: number }>(levels: readonly L[], tareas: readonly TareaNivel[]): L[] {
  const rank = new Map(tareas.map((t, i) => [t.id_nivel, i]));
  const assigned = levels.filter((l) => rank.has(l.id_nivel)).sort((a, b) => rank.get(a.id_nivel)! - rank.get(b.id_nivel)!);
  const rest = levels.filter((l) => !rank.has(l.id_nivel));
  return [...assigned, ...rest];
}

/**
 * "para el 12 de diciembre" from aaaa-mm-dd (a calendar date: no time-zone shift). The year is
 * added only when it is not `hoy`'s year ("para el 3 de enero de 2027"). '' for no or a bad date.
 */
export function fechaTarea(fecha: string | null | undefined, hoy: Date = new Date()): string {
  const enLetras = fechaEnLetras(fecha, typeof fecha === 'string' && Number(fecha.slice(0, 4)) !== hoy.getFullYear());
  return enLetras && `para el ${enLetras}`;
}
