import { describe, expect, it } from 'vitest';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { fieldError, schemaResolver } from '../../../../src/client/admin/common/zodForm';
import { DOMINIO_MSG, dominioSchema } from '../../../../src/shared/resources/dominio';
import { MULTIMEDIA_MSG, multimediaFormSchema } from '../../../../src/shared/resources/multimedia';
import { NIVEL_MSG, nivelSchema } from '../../../../src/shared/resources/nivel';
import { MAX_RESPUESTAS_FORM, PREGUNTA_MSG, preguntaFormSchema } from '../../../../src/shared/resources/pregunta';
import { RESPUESTA_MSG, respuestaFormSchema } from '../../../../src/shared/resources/respuesta';
import { ROL_MSG, rolSchema } from '../../../../src/shared/resources/rol';

const OPTIONS = { fields: {}, shouldUseNativeValidation: false } as const;

/** Runs a form resolver as react-hook-form does on submit. */
const run = (resolver: Resolver, values: FieldValues) => resolver(values, undefined, OPTIONS);

/** Every field's message, flattened to `path → message` (an array's own message under its path). */
function messages(errors: FieldErrors, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(errors)) {
    const path = prefix ? `${prefix}.${k}` : k;
    if (k === 'root' || k === 'ref' || k === 'type' || k === 'message' || !v || typeof v !== 'object') continue;
    const msg = fieldError(errors, k);
    if (msg) out[path] = msg;
    Object.assign(out, messages(v as FieldErrors, path));
  }
  return out;
}

const errorsOf = async (resolver: Resolver, values: FieldValues) => messages((await run(resolver, values)).errors);

describe('schemaResolver', () => {
  const nivel = schemaResolver(nivelSchema);

  it('submits the form values as they are, files and read-only relations included', async () => {
    const file = { rawFile: { name: 'a.png' }, src: 'blob:x', title: 'a.png' };
    const values = {
      id: 3,
      id_nivel: 3,
      nombre_nivel: '  Animales ',
      descripcion: 'Los animales',
      dificultad: 'Fácil',
      imagen: file,
      evaluaciones: [{ id_evaluacion: 1 }],
    };
    const result = await run(nivel, values);
    expect(result.errors).toEqual({});
    // Not the parsed output (trimmed, stripped of unknown keys): the dataProvider needs the file.
    expect(result.values).toBe(values);
  });

  it('an untouched control is empty, not "not sent": the wire defaults do not fill it', async () => {
    // The wire reads a missing Tipo as 'Texto' and porcentaje as 0; a form left empty is refused.
    expect(await errorsOf(schemaResolver(preguntaFormSchema(MAX_RESPUESTAS_FORM)), { pregunta: '¿Qué es?', id_evaluacion: 1 })).toEqual({
      Tipo: PREGUNTA_MSG.tipo,
      porcentaje: PREGUNTA_MSG.porcentaje,
    });
  });

  it("leaves out the omitted fields and moves a wire field's message to the form's field", async () => {
    const pregunta = schemaResolver(preguntaFormSchema(MAX_RESPUESTAS_FORM), { omit: ['respuestas'] });
    const stored = { pregunta: '¿Qué es?', Tipo: 'Opción Múltiple', porcentaje: 10, id_evaluacion: 1, respuestas: [{ respuesta: '', valor: false }] };
    expect((await run(pregunta, stored)).errors).toEqual({});
    expect(await errorsOf(schemaResolver(preguntaFormSchema(MAX_RESPUESTAS_FORM)), stored)).toEqual({
      'respuestas.0.respuesta': PREGUNTA_MSG.respuesta,
      respuestas: PREGUNTA_MSG.correcta,
    });

    const rol = schemaResolver(rolSchema, { errorPaths: { idUsuario: 'id_usuario' } });
    expect(await errorsOf(rol, {})).toEqual({ nombre: ROL_MSG.nombre, id_usuario: ROL_MSG.usuario });
    expect(await errorsOf(rol, { nombre: 'admin', id_usuario: 'x' })).toEqual({ id_usuario: ROL_MSG.usuarioInvalido });
    expect((await run(rol, { nombre: 'profesor', id_usuario: 7 })).errors).toEqual({});
  });
});

describe('level form', () => {
  const nivel = schemaResolver(nivelSchema);
  const ok = { nombre_nivel: 'Animales', descripcion: 'Los animales de la granja', dificultad: 'Medio' };

  it('refuses a name over 120 characters (the limit the hand validators missed)', async () => {
    expect(await errorsOf(nivel, { ...ok, nombre_nivel: 'a'.repeat(121) })).toEqual({
      nombre_nivel: 'El nombre del nivel no puede exceder los 120 caracteres.',
    });
    expect((await run(nivel, { ...ok, nombre_nivel: 'a'.repeat(120) })).errors).toEqual({});
  });

  it('shows the spec messages for empty fields and a long description', async () => {
    expect(await errorsOf(nivel, { nombre_nivel: ' ', descripcion: '', dificultad: null })).toEqual({
      nombre_nivel: NIVEL_MSG.nombre,
      descripcion: 'La descripción es requerida.',
      dificultad: 'La dificultad es requerida.',
    });
    expect(await errorsOf(nivel, { ...ok, descripcion: 'x'.repeat(256) })).toEqual({ descripcion: 'La descripción no puede exceder los 255 caracteres.' });
  });
});

describe('question form', () => {
  const pregunta = schemaResolver(preguntaFormSchema(MAX_RESPUESTAS_FORM));
  const ok = {
    Tipo: 'Opción Múltiple',
    pregunta: '¿Cuál es el perro?',
    porcentaje: 20,
    id_evaluacion: 2,
    imagen: null,
    respuestas: [
      { respuesta: 'Perro', valor: true },
      { respuesta: 'Gato', valor: false },
    ],
  };

  it('accepts a valid multiple-choice question', async () => {
    expect((await run(pregunta, ok)).errors).toEqual({});
  });

  it('shows every field rule with the spec text at once', async () => {
    expect(await errorsOf(pregunta, { Tipo: '', pregunta: '', porcentaje: null, id_evaluacion: null, imagen: null, respuestas: [] })).toEqual({
      Tipo: 'El tipo de pregunta es obligatorio.',
      pregunta: 'La pregunta es obligatoria.',
      porcentaje: 'El porcentaje es obligatorio.',
      id_evaluacion: 'El ID de la evaluación es obligatorio.',
    });
    expect(await errorsOf(pregunta, { ...ok, porcentaje: -1 })).toEqual({ porcentaje: 'El porcentaje debe ser al menos 0.' });
    expect(await errorsOf(pregunta, { ...ok, porcentaje: '101' })).toEqual({ porcentaje: 'El porcentaje no puede ser mayor que 100.' });
  });

  it('an image stands for the text', async () => {
    expect((await run(pregunta, { ...ok, pregunta: '', imagen: { rawFile: { name: 'perro.gif' }, src: 'blob:y' } })).errors).toEqual({});
    expect((await run(pregunta, { ...ok, pregunta: null, imagen: 'perro.gif' })).errors).toEqual({});
  });

  it('answer rows: each with text, at most 4, at least one correct (choice questions only)', async () => {
    expect(await errorsOf(pregunta, { ...ok, respuestas: [{ respuesta: ' ', valor: true }] })).toEqual({
      'respuestas.0.respuesta': 'La respuesta es obligatoria.',
    });
    expect(await errorsOf(pregunta, { ...ok, respuestas: [{ respuesta: 'a', valor: false }] })).toEqual({
      respuestas: 'Debes marcar al menos una respuesta como correcta.',
    });
    const five = Array.from({ length: 5 }, (_, i) => ({ respuesta: `r${i}`, valor: i === 0 }));
    expect(await errorsOf(pregunta, { ...ok, respuestas: five })).toEqual({ respuestas: 'Máximo 4 respuestas permitidas.' });
    // Imagen and Video keep their rows unchecked; Texto has exactly one expected answer.
    expect((await run(pregunta, { ...ok, Tipo: 'Imagen', respuestas: five })).errors).toEqual({});
    expect(await errorsOf(pregunta, { ...ok, Tipo: 'Texto', respuestas: five })).toEqual({ respuestas: PREGUNTA_MSG.textoUnaRespuesta });
    expect(await errorsOf(pregunta, { ...ok, Tipo: 'Texto', respuestas: [] })).toEqual({ 'respuestas.0.respuesta': PREGUNTA_MSG.respuestaEsperada });
    expect((await run(pregunta, { ...ok, Tipo: 'Texto', respuestas: [{ respuesta: 'gato', valor: true }] })).errors).toEqual({});
  });
});

describe('domain form', () => {
  const dominio = schemaResolver(dominioSchema);

  it('requires both fields with the spec texts', async () => {
    expect(await errorsOf(dominio, { dominio: '' })).toEqual({
      dominio: 'El dominio es obligatorio.',
      id_institucion: 'El ID de la institución es obligatorio.',
    });
  });

  it('refuses a malformed domain and accepts one written with @ and capitals', async () => {
    expect(await errorsOf(dominio, { dominio: 'escuela', id_institucion: 1 })).toEqual({ dominio: DOMINIO_MSG.dominioInvalido });
    const values = { dominio: '@Escuela.EDU.mx', id_institucion: '4' };
    const result = await run(dominio, values);
    expect(result.errors).toEqual({});
    expect(result.values).toBe(values);
  });
});

describe('answer and multimedia forms', () => {
  it('answer: text or image, valor and question required', async () => {
    const respuesta = schemaResolver(respuestaFormSchema);
    expect(await errorsOf(respuesta, { respuesta: '' })).toEqual({
      respuesta: RESPUESTA_MSG.respuesta,
      valor: RESPUESTA_MSG.valor,
      id_pregunta: RESPUESTA_MSG.pregunta,
    });
    expect((await run(respuesta, { respuesta: '', imagen: 'gato.png', valor: false, id_pregunta: 3 })).errors).toEqual({});
  });

  it('multimedia: the file is required on create only; a non-numeric word is refused', async () => {
    const values = { tipo: 'gif', descripcion: 'gifSena', id_palabra: 5 };
    expect(await errorsOf(schemaResolver(multimediaFormSchema(true)), values)).toEqual({ file: MULTIMEDIA_MSG.archivo });
    expect((await run(schemaResolver(multimediaFormSchema(true)), { ...values, file: { rawFile: {}, src: 'blob:z' } })).errors).toEqual({});
    expect((await run(schemaResolver(multimediaFormSchema(false)), values)).errors).toEqual({});
    expect(await errorsOf(schemaResolver(multimediaFormSchema(false)), { ...values, id_palabra: 'abc' })).toEqual({
      id_palabra: 'La palabra seleccionada no es válida.',
    });
  });
});
