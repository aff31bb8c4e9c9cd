import { describe, expect, it } from 'vitest';
import { averageByLevel, countLearners } from '../../../src/client/admin/pages/stats';
import { validateDraft } from '../../../src/client/admin/pages/VerEvaluacion';
import { answersRule, textOrImage } from '../../../src/client/admin/resources/pregunta/Form';
import { visibleMenuLinks } from '../../../src/client/admin/menu';
import { MESSAGES } from '../../../src/client/admin/messages';
import { getUploadProgress, setUploadProgress, subscribeUploadProgress } from '../../../src/client/admin/uploadProgress';

describe('dashboard figures', () => {
  it('averages the score per level and counts attempts', () => {
    const rows = [
      { puntaje: 100, nivel: { nombre_nivel: 'Animales' } },
      { puntaje: 50, nivel: { nombre_nivel: 'Animales' } },
      { puntaje: '33.33', nivel: { nombre_nivel: 'Colores' } },
      { puntaje: 'x', nivel: { nombre_nivel: 'Colores' } },
      { puntaje: 80, nivel: null },
    ];
    expect(averageByLevel(rows)).toEqual([
      { label: 'Animales', value: 75, count: 2 },
      { label: 'Colores', value: 33.3, count: 1 },
      { label: 'Sin nivel', value: 80, count: 1 },
    ]);
    expect(averageByLevel([])).toEqual([]);
  });

  it('learners are the accounts without a staff role', () => {
    expect(countLearners([{ rol: 'usuario' }, { rol: 'ADMIN' }, { rol: '' }, { rol: 'profesor' }, {}])).toBe(3);
  });
});

describe('question form rules', () => {
  it('text or image: one of them must be given', () => {
    expect(textOrImage('  ', {}, {} as never)).toBe('La pregunta es obligatoria.');
    expect(textOrImage('', { imagen: { rawFile: {} } }, {} as never)).toBeUndefined();
    expect(textOrImage('¿Qué es?', {}, {} as never)).toBeUndefined();
  });

  it('multiple choice: at most 4 answers, at least one correct; other types unchecked', () => {
    const rule = answersRule(4);
    const five = Array.from({ length: 5 }, (_, i) => ({ respuesta: `r${i}`, valor: i === 0 }));
    expect(rule(five, { Tipo: 'Opción Múltiple' }, {} as never)).toBe('Máximo 4 respuestas permitidas.');
    expect(rule([{ valor: false }, { valor: false }], { Tipo: 'Opción Múltiple' }, {} as never)).toBe('Debes marcar al menos una respuesta como correcta.');
    expect(rule([{ valor: false }, { valor: true }], { Tipo: 'Opción Múltiple' }, {} as never)).toBeUndefined();
    expect(rule(five, { Tipo: 'Texto' }, {} as never)).toBeUndefined();
    expect(answersRule(5)(Array.from({ length: 6 }, () => ({ valor: true })), { Tipo: 'Opción Múltiple' }, {} as never)).toBe('Máximo 5 respuestas permitidas.');
  });

  it('evaluation panel (second reading): pregunta required, 0..100, up to 5 answers each with text, one correct', () => {
    const ok = { pregunta: '¿Qué es?', Tipo: 'Opción Múltiple', porcentaje: '', respuestas: [{ respuesta: 'a', valor: true, imagen: null }] };
    expect(validateDraft(ok, true)).toBeNull();
    expect(validateDraft({ ...ok, pregunta: ' ' }, true)).toBe('La pregunta es obligatoria.');
    expect(validateDraft({ ...ok, porcentaje: '-1' }, true)).toBe('El porcentaje debe ser al menos 0.');
    expect(validateDraft({ ...ok, porcentaje: '101' }, true)).toBe('El porcentaje no puede ser mayor que 100.');
    expect(validateDraft({ ...ok, respuestas: Array.from({ length: 6 }, () => ({ respuesta: 'a', valor: true, imagen: null })) }, true)).toBe('Máximo 5 respuestas permitidas.');
    expect(validateDraft({ ...ok, respuestas: [{ respuesta: ' ', valor: true, imagen: null }] }, true)).toBe('La respuesta es obligatoria.');
    expect(validateDraft({ ...ok, respuestas: [{ respuesta: 'a', valor: false, imagen: null }] }, true)).toBe('Debes marcar al menos una respuesta como correcta.');
    // Editing in the panel touches the question only.
    expect(validateDraft({ ...ok, respuestas: [{ respuesta: '', valor: false, imagen: null }] }, false)).toBeNull();
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
