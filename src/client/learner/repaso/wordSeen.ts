import { submit } from '../../offline/outbox';

/**
 * A word seen in word detail (POST repaso/visto): learning, not a review. Through the device's queue
 * (offline it goes later; the server stores a word seen once, so the key is the word). Never blocks
 * or shows an error.
 */
export function markWordSeen(id_palabra: number): void {
  submit({ id: `repaso-visto-${id_palabra}`, tipo: 'visto-palabra', ruta: 'repaso/visto', cuerpo: { id_palabra } }).catch((err) =>
    console.warn('No se pudo guardar la palabra vista', err),
  );
}
