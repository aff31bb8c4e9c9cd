import { describe, expect, it } from 'vitest';
import { validateDraft } from '../../../src/client/admin/pages/verevaluacion/QuestionPanel';
import { fieldError, schemaResolver } from '../../../src/client/admin/common/zodForm';
import { preguntaFormSchema } from '../../../src/shared/resources/pregunta';
import { visibleMenuLinks } from '../../../src/client/admin/menu';
import { MESSAGES } from '../../../src/client/admin/messages';
import { getUploadProgress, setUploadProgress, subscribeUploadProgress } from '../../../src/client/admin/uploadProgress';

/** The question form's message under `field` for these values (the form validates with the shared schema). */
const formError = async (field: string, value: unknown, all: Record<string, unknown>, max: 4 | 5 = 4) => {
  const { errors } = await schemaResolver(preguntaFormSchema(max))({ ...all, [field]: value }, undefined, { fields: {}, shouldUseNativeValidation: false });
  return fieldError(errors, field);
};
const textOrImage = (value: unknown, all: Record<string, unknown>) => formError('pregunta', value, all);
const answersRule = (max: 4 | 5) => (value: unknown, all: Record<string, unknown>) => formError('respuestas', value, all, max);

describe('question form rules', () => {
  it('text or image: one of them must be given', async () => {
    expect(await textOrImage('  ', {})).toBe('La pregunta es obligatoria.');
    expect(await textOrImage('', { imagen: { rawFile: {} } })).toBeUndefined();
    expect(await textOrImage('¿Qué es?', {})).toBeUndefined();
  });

  it('multiple choice: at most 4 answers, at least one correct; other types unchecked', async () => {
    const rule = answersRule(4);
    const five = Array.from({ length: 5 }, (_, i) => ({ respuesta: `r${i}`, valor: i === 0 }));
    expect(await rule(five, { Tipo: 'Opción Múltiple' })).toBe('Máximo 4 respuestas permitidas.');
    expect(await rule([{ valor: false }, { valor: false }], { Tipo: 'Opción Múltiple' })).toBe('Debes marcar al menos una respuesta como correcta.');
    expect(await rule([{ valor: false }, { valor: true }], { Tipo: 'Opción Múltiple' })).toBeUndefined();
    expect(await rule(five, { Tipo: 'Video' })).toBeUndefined();
    // Texto's rows are its one expected answer.
    expect(await rule(five, { Tipo: 'Texto' })).toBe('Una pregunta de texto tiene exactamente una respuesta esperada.');
    expect(
      await answersRule(5)(
        Array.from({ length: 6 }, () => ({ valor: true })),
        { Tipo: 'Opción Múltiple' },
      ),
    ).toBe('Máximo 5 respuestas permitidas.');
  });

  it('evaluation panel (second reading): pregunta required, 0..100, up to 5 answers each with text, one correct', () => {
    const ok = { pregunta: '¿Qué es?', Tipo: 'Opción Múltiple', porcentaje: '', respuestas: [{ respuesta: 'a', valor: true, imagen: null }] };
    expect(validateDraft(ok)).toBeNull();
    expect(validateDraft({ ...ok, pregunta: ' ' })).toBe('La pregunta es obligatoria.');
    expect(validateDraft({ ...ok, porcentaje: '-1' })).toBe('El porcentaje debe ser al menos 0.');
    expect(validateDraft({ ...ok, porcentaje: '101' })).toBe('El porcentaje no puede ser mayor que 100.');
    expect(validateDraft({ ...ok, respuestas: Array.from({ length: 6 }, () => ({ respuesta: 'a', valor: true, imagen: null })) })).toBe(
      'Máximo 5 respuestas permitidas.',
    );
    expect(validateDraft({ ...ok, respuestas: [{ respuesta: ' ', valor: true, imagen: null }] })).toBe('La respuesta es obligatoria.');
    expect(validateDraft({ ...ok, respuestas: [{ respuesta: 'a', valor: false, imagen: null }] })).toBe('Debes marcar al menos una respuesta como correcta.');
    // Editing in the panel edits the answers too, with the same rules.
    expect(validateDraft({ ...ok, respuestas: [{ respuesta: '', valor: false, imagen: null }] })).toBe('La respuesta es obligatoria.');
    // Texto: its one expected answer is required.
    expect(validateDraft({ ...ok, Tipo: 'Texto', respuestas: [] })).toBe('La respuesta esperada es obligatoria.');
    expect(validateDraft({ ...ok, Tipo: 'Texto', respuestas: [{ respuesta: 'gato', valor: true, imagen: null }] })).toBeNull();
  });
});

describe('spec texts and shell', () => {
  it('uses the section 8 wording verbatim', () => {
    expect(MESSAGES.nivel!.createError!('x')).toBe('Error al crear nivel: x');
    expect(MESSAGES.palabra!.deleteError!('')).toBe('Error al eliminar palabra.');
    expect(MESSAGES.palabra!.deleteError!('Tiene multimedia.')).toBe('Tiene multimedia.');
    expect(MESSAGES.multimedia!.created).toBe('Multimedia registrada exitosamente.');
    expect(MESSAGES.rol!.confirmDelete).toBe('¿Estás seguro de eliminar este rol?');
    expect(MESSAGES.institucion!.invalidForm).toBe('Por favor, complete el formulario.');
    expect(MESSAGES.evaluacion!.deleted).toBeUndefined(); // evaluations are never deleted from here
  });

  it('admin sees every link but Roles', () => {
    const links = visibleMenuLinks({ id: 2, rol: 'admin' }).map((l) => l.label);
    expect(links).toContain('Usuarios');
    expect(links).not.toContain('Roles');
  });

  it('upload progress is published to subscribers and cleared', () => {
    const seen: (number | null)[] = [];
    const off = subscribeUploadProgress(() => seen.push(getUploadProgress()));
    setUploadProgress(0);
    setUploadProgress(0.5);
    setUploadProgress(null);
    off();
    setUploadProgress(1);
    expect(seen).toEqual([0, 0.5, null]);
    setUploadProgress(null);
  });
});
