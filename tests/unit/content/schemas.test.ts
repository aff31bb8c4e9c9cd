import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { nivelSchema } from '../../../src/shared/resources/nivel';
import { evaluacionSchema, learnerPregunta, type PreguntaDetalle } from '../../../src/shared/resources/evaluacion';
import { preguntaSchema } from '../../../src/shared/resources/pregunta';
import { respuestaSchema } from '../../../src/shared/resources/respuesta';
import { rolSchema } from '../../../src/shared/resources/rol';
import { comentarioSchema } from '../../../src/shared/resources/comentario';
import { dominioSchema } from '../../../src/shared/resources/dominio';
import { fillPath } from '../../../src/shared/resources/types';
import { nivelResource } from '../../../src/shared/resources/nivel';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? null : r.error!.issues[0]!.message);

describe('content schemas (shared by the admin forms and the server)', () => {
  it('level: the spec messages, in field order', () => {
    expect(firstMessage(nivelSchema.safeParse({}))).toBe('El nombre del nivel es requerido.');
    expect(firstMessage(nivelSchema.safeParse({ nombre_nivel: 'a', descripcion: 'x'.repeat(256), dificultad: 'Fácil' }))).toBe(
      'La descripción no puede exceder los 255 caracteres.',
    );
    expect(firstMessage(nivelSchema.safeParse({ nombre_nivel: 'a', descripcion: 'b' }))).toBe('La dificultad es requerida.');
    expect(nivelSchema.parse({ nombre_nivel: ' a ', descripcion: 'b', dificultad: 'Medio' })).toEqual({
      nombre_nivel: 'a',
      descripcion: 'b',
      dificultad: 'Medio',
    });
  });

  it('evaluation puntaje: accepted exactly on 1..100 integers (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), (n) => {
        const ok = evaluacionSchema.safeParse({ id_nivel: 1, puntaje: String(n) }).success;
        expect(ok).toBe(n >= 1 && n <= 100);
      }),
    );
  });

  it('question: both readings (Tipo defaults to Texto, porcentaje to 0); blanks use the first reading’s messages', () => {
    expect(preguntaSchema.parse({ pregunta: 'p', id_evaluacion: '3' })).toMatchObject({ Tipo: 'Texto', porcentaje: 0, id_evaluacion: 3 });
    expect(firstMessage(preguntaSchema.safeParse({ pregunta: 'p', id_evaluacion: 3, Tipo: '' }))).toBe('El tipo de pregunta es obligatorio.');
    expect(firstMessage(preguntaSchema.safeParse({ pregunta: 'p', id_evaluacion: 3, porcentaje: '' }))).toBe('El porcentaje es obligatorio.');
    expect(
      firstMessage(preguntaSchema.safeParse({ pregunta: 'p', Tipo: 'Opción Múltiple', id_evaluacion: 3, respuestas: '[{"respuesta":"a","valor":"false"}]' })),
    ).toBe('Debes marcar al menos una respuesta como correcta.');
    expect(
      preguntaSchema.parse({ pregunta: 'p', Tipo: 'Opción Múltiple', id_evaluacion: 3, respuestas: '[{"respuesta":"a","valor":"true"}]' }).respuestas,
    ).toEqual([{ respuesta: 'a', valor: true }]);
  });

  it('answer: valor accepts true/false, 1/0 and their text; anything else is refused', () => {
    for (const v of [true, 'true', 1, '1']) expect(respuestaSchema.parse({ valor: v, id_pregunta: 1 }).valor).toBe(true);
    for (const v of [false, 'false', 0, '0']) expect(respuestaSchema.parse({ valor: v, id_pregunta: 1 }).valor).toBe(false);
    expect(firstMessage(respuestaSchema.safeParse({ valor: 'tal vez', id_pregunta: 1 }))).toBe('El valor debe ser verdadero o falso.');
  });

  it('role: any case in, lower case out; idUsuario or id_usuario', () => {
    expect(rolSchema.parse({ nombre: 'Superadmin', idUsuario: 4 })).toMatchObject({ nombre: 'superadmin', idUsuario: 4 });
    expect(rolSchema.parse({ nombre: 'PROFESOR', id_usuario: '7' })).toMatchObject({ nombre: 'profesor', idUsuario: 7 });
    expect(firstMessage(rolSchema.safeParse({ nombre: 'usuario', idUsuario: 1 }))).toBe('El rol debe ser Superadmin, Admin o Profesor.');
  });

  it('comment rating: 1..5 only, one message', () => {
    for (const c of [0, 6, 2.5, 'x'])
      expect(firstMessage(comentarioSchema.safeParse({ id_user: 1, comentario: 'c', calificacion: c }))).toBe(
        'La calificación es obligatoria y debe estar entre 1 y 5.',
      );
    expect(comentarioSchema.parse({ id_user: '1', comentario: 'c', calificacion: '5' }).calificacion).toBe(5);
  });

  it('domain: lower-cased, leading @ dropped, shape checked', () => {
    expect(dominioSchema.parse({ dominio: '@Escuela.MX', id_institucion: 1 }).dominio).toBe('escuela.mx');
    expect(dominioSchema.safeParse({ dominio: 'sin-punto', id_institucion: 1 }).success).toBe(false);
  });

  it('fillPath fills the declared {id}', () => {
    expect(fillPath(nivelResource.paths.one!, 7)).toBe('nivel/getNivel/7');
  });
});

describe('learnerPregunta: the quiz never carries the answer key', () => {
  const base = (Tipo: string): PreguntaDetalle => ({
    id_pregunta: 9,
    pregunta: '¿?',
    Tipo,
    porcentaje: 25,
    id_evaluacion: 2,
    imagen: null,
    respuestas: [
      { id_respuesta: 1, respuesta: 'cat', valor: true, id_pregunta: 9, imagen: 'a.png' },
      { id_respuesta: 2, respuesta: 'dog', valor: false, id_pregunta: 9, imagen: null },
    ],
  });

  it('multiple choice keeps option texts and images, drops valor', () => {
    expect(learnerPregunta(base('Opción Múltiple')).respuestas).toEqual([
      { id_respuesta: 1, respuesta: 'cat', id_pregunta: 9, imagen: 'a.png', id_multimedia: null, multimedia: null },
      { id_respuesta: 2, respuesta: 'dog', id_pregunta: 9, imagen: null, id_multimedia: null, multimedia: null },
    ]);
  });

  it('a sign or picture choice keeps its file but not the word under it', () => {
    const q = base('Opción Múltiple');
    const sign = { id_multimedia: 7, url: 'uploads/gif/perro.gif' } as unknown as NonNullable<(typeof q.respuestas)[number]['multimedia']>;
    const out = learnerPregunta({ ...q, respuestas: q.respuestas.map((r, i) => (i === 0 ? { ...r, id_multimedia: 7, multimedia: sign } : r)) });
    expect(out.respuestas[0]).toMatchObject({ id_respuesta: 1, respuesta: '', id_multimedia: 7, multimedia: sign });
    expect(JSON.stringify(out.respuestas[0])).not.toMatch(/cat|valor/);
    expect(out.respuestas[1]).toMatchObject({ respuesta: 'dog', multimedia: null });
  });

  it.each(['Texto', 'Imagen', 'Video'])('%s (typed) keeps only ids and images', (tipo) => {
    const out = learnerPregunta(base(tipo));
    expect(out.respuestas).toEqual([
      { id_respuesta: 1, imagen: 'a.png' },
      { id_respuesta: 2, imagen: null },
    ]);
    expect(JSON.stringify(out)).not.toMatch(/cat|dog|valor/);
  });
});
