import { submit } from '../../offline/outbox';
import { newClave } from '../../offline/clave';
import { practiceBody } from '../../../shared/signPractice/event';
import type { Comparison } from '../../../shared/signPractice/compare';

/**
 * A scored "¡Ahora tú!" attempt (POST repaso/practica): the stars and the three part scores only,
 * through the device's queue (offline it goes later, once: the key is made here, once per attempt).
 * Never blocks or shows an error: the child's stars are already on the screen.
 */
export function sendPractice(idPalabra: number, result: Extract<Comparison, { ok: true }>): void {
  const clave = newClave();
  submit({ id: `practica-${clave}`, tipo: 'practica', ruta: 'repaso/practica', cuerpo: practiceBody(idPalabra, clave, result, new Date()) }).catch((err) =>
    console.warn('No se pudo guardar la práctica', err),
  );
}
