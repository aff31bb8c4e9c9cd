/** Spanish dates written out by the screens themselves, never left to the browser's language. */

const MESES = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

/**
 * "4 de mayo de 2030" from "2030-05-04" (a calendar date as stored: no time zone applies); without
 * the year when `conAnio` is false. '' when it is not such a date.
 */
export function fechaEnLetras(v: string | null | undefined, conAnio = true): string {
  const m = typeof v === 'string' ? /^(\d{4})-(\d{2})-(\d{2})/.exec(v) : null;
  if (!m) return '';
  const mes = MESES[Number(m[2]) - 1];
  const dia = Number(m[3]);
  if (!mes || dia < 1 || dia > 31) return '';
  return conAnio ? `${dia} de ${mes} de ${m[1]}` : `${dia} de ${mes}`;
}
