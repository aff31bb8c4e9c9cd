/**
 * Started by the guard on every signed-in screen (its own chunk: /logIn does not carry it): the
 * queue's triggers, and what a late reply changes on this device. A quiz sent later writes its
 * result where the level menu reads it (the local level data, constants.md C-4), as an online submit does.
 */
import { startOutbox, whenSent } from './outbox';
import { updateLevelData } from '../learner/model/levelStorage';
import type { AttemptResult } from '../../shared/rules/quiz';

whenSent('quiz', (entry, reply) => {
  const r = (reply as { data?: AttemptResult } | null)?.data;
  if (!r || !entry.nivel) return;
  updateLevelData(entry.nivel, entry.usuario, (d) => ({
    ...d,
    mostrarCuestionario: false,
    ultimoResultado: { puntaje: r.puntaje, correctas: r.correctas, totalPreguntas: r.total_preguntas, fecha: r.fecha },
  }));
});

export function startOfflineSync(): void {
  startOutbox();
}
