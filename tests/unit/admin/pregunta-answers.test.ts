import { describe, expect, it } from 'vitest';
import { answersToWire } from '../../../src/client/admin/resources/pregunta/resource';
import { answersForSave } from '../../../src/client/admin/resources/pregunta/Form';

/** Issue 19: what the question form sends with its answers (one request, pictures as file fields). */
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
