import { useEffect, useRef } from 'react';
import { EventBus, GAME_EVENTS, type Caption, type SignOverlay, type SignSource } from '../../../../games/shared/EventBus';
import { createRunBank, points } from '../../../../games/shared/points';
import { parseNivelId, type GameInfo } from '../../../../games/shared/catalog';
import type { GameWord } from '../../../shared/rules/games/types';
import { decodePreferred } from '../../sign/decode';
import { isVideoUrl } from '../words';
import { endPanelOpen, runPoints, unbankedScore } from '../stores';
import { newRunKey, reportRun, syncGameResults } from '../results';
import { createRunTracker } from '../runTracker';

/** What the stage shows of the scene's events. */
interface GameRunView {
  onSign: (s: SignOverlay | null) => void;
  onFocus: (label: string | null) => void;
  onCaption: (c: Caption) => void;
}

/**
 * One game run as the page follows it through the EventBus: the points (banked at the end, live
 * meanwhile), the run report to the server, the next rounds' signs preloaded, and what the stage
 * shows (sign overlay, focused canvas button, caption) handed to `view`. Ends with the page.
 */
export function useGameRun(gameId: GameInfo['id'], words: GameWord[], view: GameRunView & { onExit: () => void }) {
  const viewRef = useRef(view);
  useEffect(() => {
    viewRef.current = view;
  });
  useEffect(() => {
    const bank = createRunBank(points, gameId);
    const report = () => runPoints.set(unbankedScore(bank));
    // G-7.3: every run is also reported to the server (results.ts): a finished one always, one
    // restarted or left half-way when it has points. The level travels in the page's ?nivel=.
    void syncGameResults();
    const idNivel = parseNivelId(new URLSearchParams(window.location.search).get('nivel'));
    const tracker = createRunTracker(gameId, idNivel, words);
    const closeRun = () => {
      const run = tracker.take(bank.score, false, newRunKey());
      if (!bank.banked && run.puntos > 0) reportRun(run);
    };
    const onState = (snap: { totalScore?: number; phase?: string }) => {
      endPanelOpen.set(snap.phase === 'won' || snap.phase === 'lost');
      bank.update(snap.totalScore ?? 0);
      report();
    };
    const onEvents = (events: { type: string; totalScore?: number; wordId?: number; correctWordId?: number }[]) => {
      tracker.onEvents(events);
      const end = events.find((e) => e.type === 'game-won' || e.type === 'game-over');
      if (end && !bank.banked) {
        if (typeof end.totalScore === 'number') bank.update(end.totalScore);
        reportRun(tracker.take(bank.score, end.type === 'game-won', newRunKey()));
        bank.finish();
      }
      report();
    };
    const onRestart = () => {
      closeRun();
      bank.restart();
      report();
    };
    const onSign = (s: SignOverlay | null) => viewRef.current.onSign(s);
    const onFocus = (label: string | null) => viewRef.current.onFocus(label);
    const onCaption = (c: Caption) => viewRef.current.onCaption(c);
    // The coming rounds' signs are fetched and decoded now (the player's decode cache keeps the
    // last 12), so a round starts with its sign moving instead of a spinner. One at a time: the
    // tablet's network and CPU are the child's current sign's first.
    let preloading = Promise.resolve();
    const onPreload = (list: SignSource[]) => {
      for (const s of list) {
        preloading = preloading.then(() =>
          (isVideoUrl(s.url)
            ? fetch(s.url, { credentials: 'same-origin' }).then(() => undefined)
            : decodePreferred(s.url, s.compact).then(() => undefined)
          ).catch(() => undefined),
        );
      }
    };
    const onExitEvent = () => viewRef.current.onExit();
    const listeners: [string, (...args: never[]) => void][] = [
      [GAME_EVENTS.state, onState],
      [GAME_EVENTS.events, onEvents],
      [GAME_EVENTS.restart, onRestart],
      [GAME_EVENTS.sign, onSign],
      [GAME_EVENTS.focus, onFocus],
      [GAME_EVENTS.preload, onPreload],
      [GAME_EVENTS.caption, onCaption],
      [GAME_EVENTS.exit, onExitEvent],
    ];
    for (const [event, fn] of listeners) EventBus.on(event, fn);
    return () => {
      for (const [event, fn] of listeners) EventBus.off(event, fn);
      closeRun();
      bank.leave();
      runPoints.set(0);
      endPanelOpen.set(false);
    };
  }, [gameId, words]);
}
