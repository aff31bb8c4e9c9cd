/** Upload progress of the dataProvider's multipart writes (0..1, or null when idle). */
let current: number | null = null;
const listeners = new Set<() => void>();

export function setUploadProgress(v: number | null) {
  current = v;
  for (const fn of listeners) fn();
}
export function getUploadProgress() {
  return current;
}
export function subscribeUploadProgress(fn: () => void) {
  listeners.add(fn);
  return () => {
    listeners.delete(fn);
  };
}
