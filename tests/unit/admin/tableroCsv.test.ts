import { describe, expect, it } from 'vitest';
import { nivelEtiqueta, tableroCsv } from '../../../src/client/admin/resources/clases/dashboard/tableroCsv';
import type { TableroWire } from '../../../src/shared/resources/clases';

/** The dashboard's CSV: the grid as the screen shows it, in the screen's order. */
const t: Pick<TableroWire, 'niveles' | 'alumnos'> = {
  niveles: [
    { id_nivel: 7, nombre_nivel: 'Comida', palabras: 4, tarea: true, fecha: '2030-05-04' },
    { id_nivel: 2, nombre_nivel: 'Nivel 2', palabras: 3, tarea: false, fecha: null },
  ],
  alumnos: [
    {
      id: 1,
      nombre: 'Ana',
      apellido: 'Peña',
      avatar: null,
      celdas: {
        '7': { vistas: 50, puntaje: 66.67, fecha: '2026-11-20T10:00:00.000Z', pendientes: 2 },
        '2': { vistas: 0, puntaje: null, fecha: null, pendientes: 0 },
      },
      pendientes: 2,
      ultimaActividad: null,
    },
    { id: 2, nombre: 'Beto', apellido: '', avatar: null, celdas: {}, pendientes: 0, ultimaActividad: null },
  ],
};

describe('tableroCsv', () => {
  it("writes Alumno, then per level in the screen's order its three figures; ';' with decimal commas", () => {
    const lines = tableroCsv(t, ';').slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Alumno;Nivel Comida: palabras vistas (%);Nivel Comida: último puntaje;Nivel Comida: por repasar;Nivel 2: palabras vistas (%);Nivel 2: último puntaje;Nivel 2: por repasar',
    );
    expect(lines[1]).toBe('Ana Peña;50;"66,67";2;0;;0');
    // A child without a cell for a level (none stored yet) reads as the screen shows it: 0, empty, 0.
    expect(lines[2]).toBe('Beto;0;;0;0;;0');
    expect(lines).toHaveLength(4);
  });

  it("writes ',' with decimal points and keeps the BOM", () => {
    const text = tableroCsv(t, ',');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1).split('\r\n')[1]).toBe('Ana Peña,50,66.67,2,0,,0');
  });

  it('names a level "Nivel X" unless it already is', () => {
    expect(nivelEtiqueta('Animales')).toBe('Nivel Animales');
    expect(nivelEtiqueta('Nivel 3')).toBe('Nivel 3');
    expect(nivelEtiqueta('nivelación')).toBe('Nivel nivelación');
  });
});
