import type { TableroWire } from '../../../../../shared/resources/clases';
import { csvNumber, toCsv, type CsvColumn, type CsvSeparator } from '../../../common/csv';

type Alumno = TableroWire['alumnos'][number];

/** "Nivel Animales" (a level already named "Nivel 3" keeps its name). */
export const nivelEtiqueta = (nombre: string) => (/^nivel\b/i.test(nombre.trim()) ? nombre.trim() : `Nivel ${nombre.trim()}`);

/**
 * The dashboard's grid as a CSV, as the screen shows it: one row per child in the screen's order,
 * 'Alumno', then for each level in the screen's order its words seen (%), latest score (empty when
 * never taken; decimal mark of the separator) and signs due.
 */
export function tableroCsv(t: Pick<TableroWire, 'niveles' | 'alumnos'>, sep: CsvSeparator): string {
  const cols: CsvColumn<Alumno>[] = [{ label: 'Alumno', value: (a) => `${a.nombre} ${a.apellido}`.trim() }];
  for (const l of t.niveles) {
    const k = String(l.id_nivel);
    const n = nivelEtiqueta(l.nombre_nivel);
    cols.push(
      { label: `${n}: palabras vistas (%)`, value: (a) => a.celdas[k]?.vistas ?? 0 },
      { label: `${n}: último puntaje`, value: (a) => csvNumber(a.celdas[k]?.puntaje ?? null, sep) },
      { label: `${n}: por repasar`, value: (a) => a.celdas[k]?.pendientes ?? 0 },
    );
  }
  return toCsv(cols, t.alumnos, sep);
}
