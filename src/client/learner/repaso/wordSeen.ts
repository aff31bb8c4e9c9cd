import { apiPost } from '../../api/http';

/** A word seen in word detail (POST repaso/visto): learning, not a review. Fire and forget: never blocks or shows an error. */
export function markWordSeen(id_palabra: number): void {
  apiPost('repaso/visto', { id_palabra }).catch((err) => console.warn('No se pudo guardar la palabra vista', err));
}
