import { describe, expect, it } from 'vitest';
import { OPCION_MULTIPLE, gradeQuiz, isChoiceQuestion, isTextQuestion, type KeyQuestion } from '../../../src/shared/rules/quizRules';
import { learnerPregunta, type PreguntaDetalle } from '../../../src/shared/resources/evaluacion';
import { TIPOS_PREGUNTA, preguntaSchema } from '../../../src/shared/resources/pregunta';

const OTHER_SPELLINGS = ['opción múltiple', 'OPCIÓN MÚLTIPLE', ' Opción Múltiple ', 'Opción Múltiple\n', 'Opcion Multiple', 'Opción  Múltiple'];

describe('isChoiceQuestion: the one reading of Tipo', () => {
  it("is true for the spec's spelling only, among the four stored types", () => {
    expect(TIPOS_PREGUNTA.filter(isChoiceQuestion)).toEqual([OPCION_MULTIPLE]);
    expect(OPCION_MULTIPLE).toBe('Opción Múltiple');
    for (const t of ['Texto', 'Imagen', 'Video']) {
      expect(isChoiceQuestion(t), t).toBe(false);
      expect(isTextQuestion(t), t).toBe(true);
    }
  });

  it('reads the decomposed Unicode form as the same spelling', () => {
    const nfd = OPCION_MULTIPLE.normalize('NFD');
    expect(nfd).not.toBe(OPCION_MULTIPLE);
    expect(isChoiceQuestion(nfd)).toBe(true);
  });

  it('is false for other spellings, blanks and missing values', () => {
    for (const t of [...OTHER_SPELLINGS, '', null, undefined]) {
      expect(isChoiceQuestion(t), JSON.stringify(t)).toBe(false);
      expect(isTextQuestion(t), JSON.stringify(t)).toBe(true);
    }
  });

  it('matches what can be stored: the question schema stores exactly the four spellings (trimmed)', () => {
    const parse = (Tipo: string) => preguntaSchema.safeParse({ pregunta: 'p', Tipo, id_evaluacion: 1 });
    const stored = parse(' Opción Múltiple ');
    expect(stored.success && stored.data.Tipo).toBe(OPCION_MULTIPLE);
    for (const t of OTHER_SPELLINGS.filter((s) => s.trim() !== OPCION_MULTIPLE)) expect(parse(t).success, t).toBe(false);
  });

  it("the learner's view and the grading read every Tipo the same way", () => {
    for (const Tipo of [...TIPOS_PREGUNTA, ...OTHER_SPELLINGS]) {
      const detalle: PreguntaDetalle = {
        id_pregunta: 1,
        pregunta: '¿?',
        Tipo,
        porcentaje: 0,
        id_evaluacion: 1,
        imagen: null,
        respuestas: [
          { id_respuesta: 10, respuesta: 'gato', valor: true, imagen: null },
          { id_respuesta: 11, respuesta: 'perro', valor: false, imagen: null },
        ],
      };
      // The learner sees option texts only for a choice question ...
      const shownAsChoice = learnerPregunta(detalle).respuestas.every((r) => r.respuesta !== undefined);
      // ... and only a choice question is graded by the chosen option.
      const key: KeyQuestion = {
        id_pregunta: 1,
        Tipo,
        respuestas: [
          { id_respuesta: 10, respuesta: 'gato', valor: true },
          { id_respuesta: 11, respuesta: 'perro', valor: false },
        ],
      };
      const gradedAsChoice = gradeQuiz([key], new Map([[1, { id_respuesta: 10 }]])).correctas === 1;
      expect(shownAsChoice, JSON.stringify(Tipo)).toBe(isChoiceQuestion(Tipo));
      expect(gradedAsChoice, JSON.stringify(Tipo)).toBe(isChoiceQuestion(Tipo));
    }
  });
});
