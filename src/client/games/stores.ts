import { useSyncExternalStore } from 'react';
import { points, type PointsSnapshot } from '../../../games/shared/points';
import { volume } from '../../../games/shared/volume';

/** The in-memory points (global total and one per game), re-rendering on change. */
export function usePoints(): PointsSnapshot {
  return useSyncExternalStore(points.subscribe, points.get, points.get);
}

/** The games' shared volume (0..1, step 0.1). */
export function useVolume(): number {
  return useSyncExternalStore(volume.subscribe, volume.get, volume.get);
}
