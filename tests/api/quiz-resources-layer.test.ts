import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILES, makeTestApp, type TestApp } from './helpers';
import { expectRefused, fileExists, scalar, sendForm } from './content-helpers';

/**
 * The quiz resources (evaluacion, pregunta, respuesta) on the resource layer: the steps they
 * override (several tables in one transaction, a limit re-checked, an update that carries answers,
 * "text or image" seeing the kept file) behave as their hand-written routes did.
 */
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => t?.close());

const evaluation = () => scalar(t, 'SELECT min(id_evaluacion) FROM evaluacion');

async function question(answers: number) {
  const respuestas = JSON.stringify(Array.from({ length: answers }, (_, i) => ({ respuesta: `op${i}`, valor: i === 0 })));
  const r = await t.call('POST', '/api/pregunta/register', {
    as: 'profesor',
    body: { pregunta: '¿Cuál?', Tipo: 'Opción Múltiple', porcentaje: 10, id_evaluacion: await evaluation(), respuestas },
  });
  expect(r.statusCode).toBe(201);
  return r.json().data as { id_pregunta: number; respuestas: { id_respuesta: number; respuesta: string }[] };
}

describe('quiz resources on the resource layer', () => {
  // The update carries the question's answers (tests/api/pregunta-answers.test.ts), so
  // unreadable ones are refused instead of ignored; without `respuestas` the answers stay.
  it('PUT pregunta/update refuses unreadable answers and changes nothing; without them the answers stay', async () => {
    const q = await question(2);
    const ev = await evaluation();
    const r = await t.call('PUT', `/api/pregunta/update/${q.id_pregunta}`, {
      as: 'profesor',
      body: { pregunta: 'Otra', Tipo: 'Opción Múltiple', porcentaje: 20, id_evaluacion: ev, respuestas: '{no es json' },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().msg).toBe('Las respuestas no tienen un formato válido.');
    const kept = await t.call('PUT', `/api/pregunta/update/${q.id_pregunta}`, {
      as: 'profesor',
      body: { pregunta: 'Otra', Tipo: 'Opción Múltiple', porcentaje: 20, id_evaluacion: ev },
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data).toMatchObject({ pregunta: 'Otra', porcentaje: 20 });
    expect(kept.json().data.respuestas.map((a: { respuesta: string }) => a.respuesta)).toEqual(['op0', 'op1']);
  });

  it('a kept image counts for "text or image" on update; without one the text is required', async () => {
    const ev = await evaluation();
    const withImage = (
      await sendForm(
        t,
        'POST',
        '/api/pregunta/register',
        'profesor',
        { pregunta: '', Tipo: 'Imagen', porcentaje: 5, id_evaluacion: ev },
        { imagen: { name: 'a.png', data: FILES.png } },
      )
    ).json().data;
    const kept = await t.call('PUT', `/api/pregunta/update/${withImage.id_pregunta}`, {
      as: 'profesor',
      body: { pregunta: '', Tipo: 'Imagen', porcentaje: 6, id_evaluacion: ev },
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().data.imagen).toBe(withImage.imagen);
    expect(fileExists(t, 'preguntas', withImage.imagen)).toBe(true);
    const plain = await question(1);
    await expectRefused(
      t,
      () =>
        t.call('PUT', `/api/pregunta/update/${plain.id_pregunta}`, { as: 'profesor', body: { pregunta: '', Tipo: 'Texto', porcentaje: 6, id_evaluacion: ev } }),
      400,
      'La pregunta es obligatoria.',
    );
  });

  it('a full question: its own answers stay editable, no answer joins it', async () => {
    const full = await question(5);
    const other = await question(1);
    const own = full.respuestas[1]!.id_respuesta;
    const edit = await t.call('PUT', `/api/respuesta/update/${own}`, {
      as: 'profesor',
      body: { respuesta: 'cambiada', valor: false, id_pregunta: full.id_pregunta },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ msg: 'Respuesta actualizada correctamente.', data: { id_respuesta: own, respuesta: 'cambiada' } });
    const moved = other.respuestas[0]!.id_respuesta;
    await expectRefused(
      t,
      () => t.call('PUT', `/api/respuesta/update/${moved}`, { as: 'profesor', body: { respuesta: 'x', valor: true, id_pregunta: full.id_pregunta } }),
      400,
      'Máximo 5 respuestas permitidas.',
    );
    await expectRefused(
      t,
      () => t.call('POST', '/api/respuesta/register', { as: 'profesor', body: { respuesta: 'x', valor: true, id_pregunta: full.id_pregunta } }),
      400,
      'Máximo 5 respuestas permitidas.',
    );
  });

  it('getMany (?ids=) and the parent filters page on the server with X-Total-Count', async () => {
    const a = await question(2);
    const b = await question(3);
    const many = await t.call('GET', `/api/pregunta/getPreguntas?ids=${a.id_pregunta},${b.id_pregunta}`, { as: 'profesor' });
    expect(many.headers['x-total-count']).toBe('2');
    expect(many.json().data.map((p: { id_pregunta: number; respuestas: unknown[] }) => [p.id_pregunta, p.respuestas.length])).toEqual([
      [a.id_pregunta, 2],
      [b.id_pregunta, 3],
    ]);
    const page = await t.call('GET', `/api/respuesta/getRespuestas?id_pregunta=${b.id_pregunta}&page=2&perPage=2`, { as: 'profesor' });
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.json().data.map((r: { respuesta: string }) => r.respuesta)).toEqual(['op2']);
    const lvl = await scalar(t, 'SELECT id_nivel FROM evaluacion WHERE id_evaluacion = $1', [await evaluation()]);
    const evs = await t.call('GET', `/api/evaluacion/getEvaluaciones?id_nivel=${lvl}`, { as: 'profesor' });
    expect(evs.headers['x-total-count']).toBe('1');
    expect(evs.json().data[0]).toMatchObject({ id_nivel: lvl, nivel: { id_nivel: lvl } });
  });
});
