import { useSyncExternalStore } from 'react';
import { points, type PointsSnapshot } from '../../../games/shared/points';
import { volume } from '../../../games/shared/volume';

/** The in-memory points (global total and one per game), re-rendering on change. */
export function usePoints(): PointsSnapshot {
  return useSyncExternalStore(points.subscribe, points.get, points.get);
}

/**
 * The running run's points not banked yet, set by the game page as the scene reports its score.
 * An external store (like `points`), so the header re-renders with both in the same pass and never
 * shows a run's points twice at the moment they are banked.
 */
export function createRunPointsStore() {
  let current = 0;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(n: number) {
      const next = Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
      if (next === current) return;
      current = next;
      for (const l of [...listeners]) l();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export const runPoints = createRunPointsStore();

/** The running run's unbanked points (0 outside a game). */
export function useRunPoints(): number {
  return useSyncExternalStore(runPoints.subscribe, runPoints.get, runPoints.get);
}

/**
 * Whether the game's end panel is open (won / lost). The header's 'Puntos acumulados' hides
 * meanwhile: the end panel's 'Puntos: {n}' is then the one score a child sees.
 */
function createFlagStore() {
  let current = false;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(on: boolean) {
      if (on === current) return;
      current = on;
      for (const l of [...listeners]) l();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export const endPanelOpen = createFlagStore();

export function useEndPanelOpen(): boolean {
  return useSyncExternalStore(endPanelOpen.subscribe, endPanelOpen.get, endPanelOpen.get);
}

/** The games' shared volume (0..1, step 0.1). */
export function useVolume(): number {
  return useSyncExternalStore(volume.subscribe, volume.get, volume.get);
}

/** The points of a run in progress that are not banked yet (0 once the run is banked). */
export function unbankedScore(run: { readonly score: number; readonly banked: boolean }): number {
  return run.banked ? 0 : run.score;
}

/**
 * What the game header shows as "Puntos acumulados": the game's banked total (the in-memory store)
 * plus the running run's unbanked points, so it follows the game's score the moment it changes.
 */
export function livePoints(banked: number, unbanked: number): number {
  const extra = Number.isFinite(unbanked) && unbanked > 0 ? Math.floor(unbanked) : 0;
  return banked + extra;
}
