import { describe, expect, it } from 'vitest';
import { answersToWire } from '../../../src/client/admin/resources/pregunta/resource';
import { answersForSave, rowsForTipo } from '../../../src/client/admin/resources/pregunta/answers';
import { answerIssues, MAX_RESPUESTAS, MAX_RESPUESTAS_FORM, PREGUNTA_MSG } from '../../../src/shared/resources/pregunta';

/** What the question form sends with its answers (one request, pictures as file fields). */
describe('question form → wire', () => {
  const file = { rawFile: new Blob(['x']), title: 'a.png' };

  it('answers keep their id, text and valor; a newly picked picture becomes respuesta_imagen_<i>', () => {
    const out = answersToWire({
      pregunta: '¿?',
      respuestas: [
        { id_respuesta: 7, respuesta: 'fresa', valor: true, imagen: { src: '/uploads/respuestas/a.png' } },
        { respuesta: 'pera', valor: undefined, imagen: file },
      ],
    });
    expect(out.respuestas).toEqual([
      { id_respuesta: 7, respuesta: 'fresa', valor: true },
      { respuesta: 'pera', valor: false },
    ]);
    expect(out.respuesta_imagen_1).toBe(file);
    // A stored picture (shown as {src}) is not sent again.
    expect(out).not.toHaveProperty('respuesta_imagen_0');
  });

  it('no answer list (Imagen, Video) sends none: the stored answers stay', () => {
    expect(answersToWire({ pregunta: '¿?' }).respuestas).toBeUndefined();
    expect(answersForSave({ Tipo: 'Imagen', respuestas: [{ respuesta: 'a', valor: true }] }).respuestas).toBeUndefined();
  });

  it('Texto sends its one expected answer as correct; Opción Múltiple its rows as they are', () => {
    expect(answersForSave({ Tipo: 'Texto', respuestas: [{ id_respuesta: 3, respuesta: 'gato' }] }).respuestas).toEqual([
      { id_respuesta: 3, respuesta: 'gato', valor: true },
    ]);
    const rows = [
      { respuesta: 'a', valor: true },
      { respuesta: 'b', valor: false },
    ];
    expect(answersForSave({ Tipo: 'Opción Múltiple', respuestas: rows }).respuestas).toEqual(rows);
  });
});

describe('one set of answer rules for both screens and the server (answerIssues, B-11.4)', () => {
  const choice = 'Opción Múltiple';
  const rows = (n: number, correct = 0) => Array.from({ length: n }, (_, i) => ({ respuesta: `r${i}`, valor: i === correct }));
  const messages = (...a: Parameters<typeof answerIssues>) => answerIssues(...a).map((i) => i.message);

  it("a choice question: the screen's limit (4 on the question form, 5 on the panel), one correct", () => {
    expect(messages(choice, rows(5), MAX_RESPUESTAS_FORM, 'form')).toEqual([PREGUNTA_MSG.max4]);
    expect(messages(choice, rows(5), MAX_RESPUESTAS, 'form')).toEqual([]);
    expect(messages(choice, rows(6), MAX_RESPUESTAS, 'form')).toEqual([PREGUNTA_MSG.max5]);
    expect(messages(choice, rows(2, -1), MAX_RESPUESTAS, 'form')).toEqual([PREGUNTA_MSG.correcta]);
    expect(messages(choice, rows(2, -1), MAX_RESPUESTAS, 'wire')).toEqual([PREGUNTA_MSG.correcta]);
    // No rows: a new question may get its answers later; a stored one sent without any loses its key.
    expect(messages(choice, [], MAX_RESPUESTAS, 'create')).toEqual([]);
    expect(messages(choice, [], MAX_RESPUESTAS, 'update')).toEqual([PREGUNTA_MSG.correcta]);
  });

  it('a Texto question has one expected answer: required in a form, exactly one on an update', () => {
    expect(answerIssues('Texto', [], MAX_RESPUESTAS_FORM, 'form')).toEqual([{ path: ['respuestas', 0, 'respuesta'], message: PREGUNTA_MSG.respuestaEsperada }]);
    expect(messages('Texto', rows(2), MAX_RESPUESTAS, 'form')).toEqual([PREGUNTA_MSG.textoUnaRespuesta]);
    expect(messages('Texto', rows(2), MAX_RESPUESTAS, 'create')).toEqual([PREGUNTA_MSG.textoUnaRespuesta]);
    expect(messages('Texto', rows(2), MAX_RESPUESTAS, 'wire')).toEqual([]);
    expect(messages('Texto', [], MAX_RESPUESTAS, 'create')).toEqual([]);
    expect(messages('Texto', [], MAX_RESPUESTAS, 'update')).toEqual([PREGUNTA_MSG.textoUnaRespuesta]);
  });

  it('Imagen and Video keep their rows; a list not sent is never wrong', () => {
    expect(messages('Imagen', rows(3, -1), MAX_RESPUESTAS, 'update')).toEqual([]);
    expect(messages(choice, undefined, MAX_RESPUESTAS, 'update')).toEqual([]);
  });
});

describe('the rows follow Tipo on both screens (rowsForTipo, B-11.3)', () => {
  type Row = { id_respuesta?: number; respuesta: string; valor: boolean };
  const blank: Row = { respuesta: '', valor: false };
  it('Opción Múltiple adds one blank row when there is none and keeps the rows it has', () => {
    expect(rowsForTipo('Opción Múltiple', [], blank)).toEqual([blank]);
    expect(rowsForTipo('Opción Múltiple', [{ respuesta: 'a', valor: true }], blank)).toBeNull();
  });
  it('Texto keeps the first row as its expected answer, marked correct', () => {
    expect(
      rowsForTipo<Row>(
        'Texto',
        [
          { id_respuesta: 4, respuesta: 'gato', valor: false },
          { respuesta: 'b', valor: true },
        ],
        blank,
      ),
    ).toEqual([{ id_respuesta: 4, respuesta: 'gato', valor: true }]);
    expect(rowsForTipo('Texto', [], blank)).toEqual([{ respuesta: '', valor: true }]);
  });
  it('the other types clear the rows', () => {
    expect(rowsForTipo('Imagen', [{ respuesta: 'a', valor: true }], blank)).toEqual([]);
    expect(rowsForTipo('Video', [], blank)).toBeNull();
  });
});
