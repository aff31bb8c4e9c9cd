import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { GameWord } from '../../shared/rules/games/types';
import { GAMES } from '../../../games/shared/catalog';
import { REVIEW_FILL_RUN_SIZE } from '../../shared/rules/gameRun';
import { ApiError, apiGet } from '../api/http';
import {
  dueReviewFrom,
  fillWithReview,
  multimediaFrom,
  palabrasFrom,
  practiceFrom,
  practiceWords,
  PRACTICE_SET_SIZE,
  toGameWord,
  type ApiMultimedia,
  type ApiPalabra,
  type PracticeEntry,
} from './words';

/** Only words with a sign are played. */
export const hasSign = (w: GameWord) => Boolean(w.sign);

type WordsState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  /** `withoutSign`: words of the level left out because they have no sign to show as the clue. */
  | { status: 'ready'; words: GameWord[]; withoutSign?: number };

const MEDIA_CONCURRENCY = 6;

/** Runs `fn` over `items` with at most `limit` calls at a time, keeping the order of results. */
async function mapLimited<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** Each word with its media (`GET multimedia/palabra/{id}`); a word whose media fails has none. */
function withMedia(palabras: readonly ApiPalabra[], signal: AbortSignal): Promise<GameWord[]> {
  return mapLimited(palabras, MEDIA_CONCURRENCY, async (p) => {
    let media: ApiMultimedia[] = [];
    try {
      media = multimediaFrom(await apiGet(`multimedia/palabra/${p.id_palabra}`, { signal }));
    } catch (err) {
      if ((err as Error).name === 'AbortError') throw err;
      console.warn('No se pudo cargar la multimedia de la palabra', p.id_palabra, err);
    }
    return toGameWord(p, media);
  });
}

/**
 * The child's memory of a level's words (`GET repaso/juego/{id}`, games.md G-6), or null when it cannot
 * be had (signed out, server error...): the games then play as before, at random.
 */
async function practiceOf(nivelId: number, signal: AbortSignal): Promise<PracticeEntry[] | null> {
  try {
    return practiceFrom(await apiGet(`repaso/juego/${nivelId}`, { signal }));
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    console.warn('No se pudo cargar el repaso del nivel', nivelId, err);
    return null;
  }
}

/**
 * The child's due review words of levels other than `nivelId` (`GET repaso/sesion`, the review's
 * own list, most overdue first), or none when they cannot be had (offline, signed out, server
 * error): the run is then just the level's words. It never throws.
 */
async function dueReviewOf(nivelId: number, signal: AbortSignal): Promise<ApiPalabra[]> {
  try {
    return dueReviewFrom(await apiGet('repaso/sesion', { signal }), nivelId);
  } catch (err) {
    // Never rejects: the list may be left unawaited when the page is left (the caller checks the signal).
    if ((err as Error).name === 'AbortError') return [];
    console.warn('No se pudo cargar el repaso para completar la partida', err);
    return [];
  }
}

/**
 * The words the games play with: one level's (`GET palabra/nivel/{id}`) or every level's
 * (`GET palabra/getPalabras`), each with its media (`GET multimedia/palabra/{id}`). The games
 * teach signs, so a word without a sign (none uploaded, or its media failed to load) is skipped.
 * When a level is chosen, the child's due and weak words of it come first (practiceWords; the game
 * is found from the page's path, so GamePage needs no change). A chosen level with fewer words than
 * a full run of hangman or order words is filled with the child's due review words of other levels
 * (REVIEW_FILL_RUN_SIZE, fillWithReview), played after the level's own.
 */
export function useGameWords(nivelId: number | null) {
  const { pathname } = useLocation();
  const gameId = GAMES.find((g) => g.path === pathname)?.id;
  const [state, setState] = useState<WordsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    const ctrl = new AbortController();
    setState({ status: 'loading' });
    (async () => {
      const [body, practice] = await Promise.all([
        apiGet(nivelId === null ? 'palabra/getPalabras' : `palabra/nivel/${nivelId}`, { signal: ctrl.signal }),
        nivelId !== null && gameId ? practiceOf(nivelId, ctrl.signal) : Promise.resolve(null),
      ]);
      const palabras = palabrasFrom(body);
      const runSize = gameId ? REVIEW_FILL_RUN_SIZE[gameId] : 0;
      // A short level asks for the review words while its own media loads; an empty level is not
      // filled (it still says it has no words).
      const short = nivelId !== null && runSize > 0 && palabras.length > 0 && palabras.length < runSize;
      const reviewList = short ? dueReviewOf(nivelId, ctrl.signal) : Promise.resolve([]);
      const words = await withMedia(palabras, ctrl.signal);
      if (ctrl.signal.aborted) return;
      const withSign = words.filter(hasSign);
      let usable = practice && gameId ? practiceWords(withSign, practice, PRACTICE_SET_SIZE[gameId]) : withSign;
      if (short && usable.length > 0 && usable.length < runSize) {
        const review = (await withMedia(await reviewList, ctrl.signal)).filter(hasSign);
        usable = fillWithReview(usable, review, runSize);
      }
      if (!ctrl.signal.aborted) setState({ status: 'ready', words: usable, withoutSign: words.length - withSign.length });
    })().catch((err: unknown) => {
      if ((err as Error)?.name === 'AbortError' || ctrl.signal.aborted) return;
      // A level that does not exist (404) has no words for the games.
      if (err instanceof ApiError && err.status === 404) setState({ status: 'ready', words: [] });
      else setState({ status: 'error', message: err instanceof ApiError ? err.msg : 'No se pudieron cargar las palabras.' });
    });
    return () => ctrl.abort();
  }, [nivelId, gameId, attempt]);

  return { state, retry };
}
