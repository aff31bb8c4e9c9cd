/**
 * What a game run is made of, as the server recomputes it (privacy rule "what feeds a teacher's view
 * follows from what the child did"): the ordered rounds the child played. Each game's rules module
 * (src/shared/rules/games/<game>.ts, `replayRun`) turns the rounds into the run's figures with the same
 * constants the scene plays by, so the page and the server cannot disagree on a genuine run.
 * Phaser-free and pure.
 */

/** One finished round (a word played to its end). */
export interface RunRound {
  /** The round's word (hangman, order words: the word played; cards: the target word). */
  idPalabra: number;
  /** Solved / built / recognised. */
  bien: boolean;
  /** Misses inside the round: hangman wrong letters (0–6), cards wrong cards (0–2), order words 0. */
  fallos: number;
}

/** A run's figures, recomputed from its rounds. */
interface RunFigures {
  puntos: number;
  puntosMax: number;
  ganada: boolean;
}

/** Either the figures, or why the rounds cannot be a run of this game (Spanish, for the child's device). */
export type RunReplay = ({ ok: true } & RunFigures) | { ok: false; msg: string };

export const RUN_NO_WORDS_MSG = 'La partida no tiene palabras con las que se pueda jugar.';
export const RUN_FOREIGN_WORD_MSG = 'Una ronda de la partida usa una palabra que el juego no tenía.';
export const RUN_REPEATED_WORD_MSG = 'Una palabra se repite donde el juego no la repite.';
export const RUN_AFTER_END_MSG = 'La partida tiene rondas después de terminar.';
export const RUN_BAD_MISSES_MSG = 'Los fallos de una ronda no son posibles en este juego.';
export const RUN_WRONG_LEVEL_MSG = 'Una ronda no es del nivel que tocaba.';

export const refuse = (msg: string): RunReplay => ({ ok: false, msg });

/** The words right and wrong of a run (a word may be in both: right once, missed another time). */
export function wordResults(rounds: readonly RunRound[]): { palabrasBien: number[]; palabrasMal: number[] } {
  const bien = new Set<number>();
  const mal = new Set<number>();
  for (const r of rounds) (r.bien ? bien : mal).add(r.idPalabra);
  return { palabrasBien: [...bien], palabrasMal: [...mal] };
}
