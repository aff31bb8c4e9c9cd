import type { KeyQuestion } from '../../src/shared/rules/quizRules';

/** The answer keys the quiz rule tests grade against: a choice (perro is right) and a typed question. */
export const choiceKey: KeyQuestion = {
  id_pregunta: 1,
  Tipo: 'Opción Múltiple',
  respuestas: [
    { id_respuesta: 10, respuesta: 'gato', valor: false },
    { id_respuesta: 11, respuesta: 'perro', valor: true },
  ],
};
/** Typed: the first answer (pájaro) is the one compared with; the second is not. */
export const typedKey: KeyQuestion = {
  id_pregunta: 2,
  Tipo: 'Texto',
  respuestas: [
    { id_respuesta: 20, respuesta: 'pájaro', valor: true },
    { id_respuesta: 21, respuesta: 'ave', valor: true },
  ],
};
