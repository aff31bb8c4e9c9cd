/**
 * Started by the guard on every signed-in screen (its own chunk: /logIn does not carry it): the
 * queue's triggers, and what a late reply changes on this device. A quiz sent later writes its
 * result where the level menu reads it (the local level data, constants.md C-4), as an online submit does.
 */
import { startOutbox, whenSent } from './outbox';
import { updateLevelData } from '../learner/model/levelStorage';
import type { AttemptResult } from '../../shared/rules/quiz';
import { bestAttempt } from '../../shared/rules/quizRules';
import type { LastResult } from '../../shared/rules/progress';

whenSent('quiz', (entry, reply) => {
  const r = (reply as { data?: AttemptResult } | null)?.data;
  // A quiz that arrived after the level was passed is practice: stored nowhere, so not the last result.
  if (!r || !entry.nivel || (reply as { practica?: boolean }).practica) return;
  updateLevelData(entry.nivel, entry.usuario, (d) => ({
    ...d,
    mostrarCuestionario: false,
    ultimoResultado: { puntaje: r.puntaje, correctas: r.correctas, totalPreguntas: r.total_preguntas, fecha: r.fecha },
    mejorResultado: bestAttempt(
      [d.mejorResultado, { puntaje: r.puntaje, correctas: r.correctas, totalPreguntas: r.total_preguntas, fecha: r.fecha }].filter((x): x is LastResult => !!x),
    ),
  }));
});

export function startOfflineSync(): void {
  startOutbox();
}
