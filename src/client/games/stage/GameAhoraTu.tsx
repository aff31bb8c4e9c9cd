import { useEffect, useRef, useState } from 'react';
import { EventBus, GAME_EVENTS } from '../../../../games/shared/EventBus';
import type { GameWord } from '../../../shared/rules/games/types';
import { AhoraTuButton } from '../../learner/ahoraTu/AhoraTuButton';
import { isVideoUrl } from '../words';

/**
 * The rule events after which a word has been shown in full: hangman's word solved or failed
 * (the word is then written out), Ordenar's word placed, Cartas' right card. Only the scenes' own
 * events are read (GAME_EVENTS.events), so the games' rules stay as they are.
 */
const WORD_FINISHED_EVENTS: ReadonlySet<string> = new Set(['word-solved', 'word-failed', 'correct', 'correct-word']);

/** The sign's stored address (multimedia.url, the key of its stored track) from the address the page plays. */
function storedSignAddress(url: string): string | null {
  return url.startsWith('/uploads/') ? url.slice(1) : null;
}

/**
 * "¡Ahora tú!" after a word in the games: the last word finished in this run, offered in the caption
 * bar (below the game, so it never covers a game control) until a newer word is finished or the
 * run restarts. Never required: the game goes on without it. While the dialog is open the scene is
 * held (GAME_EVENTS.pauseRequest: timers, tweens and input stop) and the stage shows no pause
 * panel (`onOpenChange`); "Seguir" or closing resumes it where it was, unless the child had
 * paused it before.
 */
export function GameAhoraTu({ words, paused, onOpenChange }: { words: readonly GameWord[]; paused: boolean; onOpenChange: (open: boolean) => void }) {
  const [word, setWord] = useState<GameWord | null>(null);
  const pausedRef = useRef(paused);
  pausedRef.current = paused;
  /** Whether opening the dialog held the game (so closing it resumes; a child's own pause stays). */
  const heldRef = useRef(false);
  useEffect(() => {
    const byId = new Map(words.map((w) => [w.id, w]));
    const onEvents = (events: readonly { type: string; wordId?: number }[]) => {
      for (const e of events) {
        const w = WORD_FINISHED_EVENTS.has(e.type) && typeof e.wordId === 'number' ? byId.get(e.wordId) : undefined;
        if (w?.sign) setWord(w);
      }
    };
    const onRestart = () => setWord(null);
    EventBus.on(GAME_EVENTS.events, onEvents);
    EventBus.on(GAME_EVENTS.restart, onRestart);
    return () => {
      EventBus.off(GAME_EVENTS.events, onEvents);
      EventBus.off(GAME_EVENTS.restart, onRestart);
    };
  }, [words]);

  if (!word?.sign) return null;
  const openChange = (open: boolean) => {
    if (open) {
      heldRef.current = !pausedRef.current;
      onOpenChange(true);
      if (heldRef.current) EventBus.emit(GAME_EVENTS.pauseRequest, true);
    } else {
      onOpenChange(false);
      if (heldRef.current) EventBus.emit(GAME_EVENTS.pauseRequest, false);
      heldRef.current = false;
    }
  };
  return (
    <AhoraTuButton
      key={word.id}
      variant="compact"
      picture={word.image ?? null}
      onOpenChange={openChange}
      src={word.sign}
      compactSrc={word.signCompact ?? null}
      kind={isVideoUrl(word.sign) ? 'video' : 'auto'}
      word={word.es}
      idPalabra={word.id}
      senaUrl={storedSignAddress(word.sign)}
    />
  );
}
