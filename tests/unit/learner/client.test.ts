import { describe, expect, it } from 'vitest';
import { addSeenWord, levelKey, parseLevelData, readLevelData, updateLevelData, writeLevelData } from '../../../src/client/learner/model/levelStorage';
import { buildRows, filterLevels, nextWord } from '../../../src/client/learner/model/learnerRules';
import { signMedia } from '../../../src/shared/rules/signMedia';
import { EMPTY_LEVEL_DATA } from '../../../src/shared/rules/progress';
import { memoryStorage } from '../memoryStorage';

describe('local per-level, per-user data (levelStorage)', () => {
  it('is stored under a key built from the level id and the user id', () => {
    expect(levelKey(3, 42)).toBe('progreso_nivel_3_usuario_42');
    const s = memoryStorage();
    writeLevelData(3, 42, { ...EMPTY_LEVEL_DATA, palabrasVistas: [7] }, s);
    expect([...s.map.keys()]).toEqual(['progreso_nivel_3_usuario_42']);
    expect(readLevelData(3, 42, s).palabrasVistas).toEqual([7]);
    // Another child on the same browser, or another level, starts empty.
    expect(readLevelData(3, 43, s)).toEqual(EMPTY_LEVEL_DATA);
    expect(readLevelData(4, 42, s)).toEqual(EMPTY_LEVEL_DATA);
  });

  it('keeps words seen, button visibility, retries and the last result', () => {
    const s = memoryStorage();
    const last = { puntaje: 75, correctas: 3, totalPreguntas: 4, fecha: '2026-01-01T00:00:00.000Z' };
    updateLevelData(1, 1, (d) => ({ ...d, mostrarCuestionario: false, reintentos: 1, ultimoResultado: last }), s);
    addSeenWord(1, 1, 5, s);
    addSeenWord(1, 1, 5, s);
    expect(readLevelData(1, 1, s)).toEqual({ palabrasVistas: [5], mostrarCuestionario: false, reintentos: 1, ultimoResultado: last });
  });

  it('a broken or tampered value reads as empty or is cleaned', () => {
    expect(parseLevelData('{not json')).toEqual(EMPTY_LEVEL_DATA);
    expect(parseLevelData('null')).toEqual(EMPTY_LEVEL_DATA);
    expect(parseLevelData(JSON.stringify({ palabrasVistas: [1, 'x', -2, 1, 3], reintentos: -4, ultimoResultado: { puntaje: 'mucho' } }))).toEqual({
      palabrasVistas: [1, 3],
      mostrarCuestionario: true,
      reintentos: 0,
      ultimoResultado: null,
    });
  });
});

describe('learner screen helpers', () => {
  const levels = [
    { nombre_nivel: 'Animales', descripcion: 'perro y gato' },
    { nombre_nivel: 'Colores', descripcion: 'rojo' },
    { nombre_nivel: 'Comida', descripcion: 'piña' },
  ];
  it('search filters by level name only (not by description), ignoring case and accents', () => {
    expect(filterLevels(levels, 'co').map((l) => l.nombre_nivel)).toEqual(['Colores', 'Comida']);
    expect(filterLevels(levels, 'ÁNIM').map((l) => l.nombre_nivel)).toEqual(['Animales']);
    expect(filterLevels(levels, 'perro')).toEqual([]);
    expect(filterLevels(levels, '  ')).toHaveLength(3);
  });

  it("'Siguiente' goes to the next word and wraps around", () => {
    const ws = [{ id_palabra: 4 }, { id_palabra: 9 }, { id_palabra: 12 }];
    expect(nextWord(ws, 4)).toEqual({ id_palabra: 9 });
    expect(nextWord(ws, 12)).toEqual({ id_palabra: 4 });
    expect(nextWord([], 4)).toBeNull();
  });

  it('the sign is the gifSena media, else a video, else a non-menu gif', () => {
    const img = { tipo: 'imagen', descripcion: 'imgEspanol', url: 'a' };
    const menu = { tipo: 'gif', descripcion: 'gifmenu', url: 'm' };
    expect(signMedia([img, menu, { tipo: 'gif', descripcion: 'gifSena', url: 's' }])?.url).toBe('s');
    expect(signMedia([img, { tipo: 'video', descripcion: 'otra', url: 'v' }])?.url).toBe('v');
    expect(signMedia([img, menu])).toBeNull();
  });

  it('quiz rows: text answers trimmed with no option id; choices carry the option text; unknown keys count as not correct', () => {
    const ev = {
      preguntas: [
        {
          id_pregunta: 1,
          Tipo: 'Opción Múltiple',
          respuestas: [
            { id_respuesta: 10, respuesta: 'gato' },
            { id_respuesta: 11, respuesta: 'perro' },
          ],
        },
        { id_pregunta: 2, Tipo: 'Texto', respuestas: [{ id_respuesta: 20 }] },
      ],
    };
    const now = new Date('2026-05-01T10:00:00.000Z');
    expect(buildRows(ev, { 1: { id_respuesta: 11 }, 2: { respuesta: '  pájaro ' } }, 7, 3, now)).toEqual([
      { id_pregunta: 1, id_usuario: 7, id_nivel: 3, id_respuesta: 11, respuesta: 'perro', correcta: false, valor: 0, fecha: now.toISOString() },
      { id_pregunta: 2, id_usuario: 7, id_nivel: 3, id_respuesta: null, respuesta: 'pájaro', correcta: false, valor: 0, fecha: now.toISOString() },
    ]);
  });
});
