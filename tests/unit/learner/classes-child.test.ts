import { describe, expect, it } from 'vitest';
import { fechaTarea, ordenarConTareas, tareasPorNivel } from '../../../src/client/learner/home/tareas';
import { codigoEscrito } from '../../../src/client/learner/profile/codigo';
import { registerErrorMessage } from '../../../src/client/learner/register/classCodeError';

const t = (id_nivel: number, fecha: string | null) => ({ id_nivel, fecha });

describe('assignments on /home', () => {
  it('orders assigned levels by date, undated last, one entry per level with its earliest date', () => {
    expect(tareasPorNivel([t(5, null), t(2, '2026-12-12'), t(7, '2026-12-01'), t(2, '2026-11-30'), t(7, null)])).toEqual([
      t(2, '2026-11-30'),
      t(7, '2026-12-01'),
      t(5, null),
    ]);
  });

  it('keeps a date a second class gave to a level the first gave none', () => {
    expect(tareasPorNivel([t(3, null), t(3, '2026-12-24')])).toEqual([t(3, '2026-12-24')]);
  });

  it('puts assigned levels first and the rest in their order; unknown levels are ignored', () => {
    const levels = [1, 2, 3, 4, 5].map((id_nivel) => ({ id_nivel }));
    const order = ordenarConTareas(levels, [t(4, '2026-12-01'), t(99, null), t(2, null)]).map((l) => l.id_nivel);
    expect(order).toEqual([4, 2, 1, 3, 5]);
  });

  it('leaves the levels as they are without assignments', () => {
    const levels = [3, 1, 2].map((id_nivel) => ({ id_nivel }));
    expect(ordenarConTareas(levels, []).map((l) => l.id_nivel)).toEqual([3, 1, 2]);
  });

  it('writes the due date in Spanish, the year only when it is not this year', () => {
    const hoy = new Date(2026, 10, 24);
    expect(fechaTarea('2026-12-12', hoy)).toBe('para el 12 de diciembre');
    expect(fechaTarea('2026-01-01', hoy)).toBe('para el 1 de enero');
    expect(fechaTarea('2027-03-05', hoy)).toBe('para el 5 de marzo de 2027');
    expect(fechaTarea(null, hoy)).toBe('');
    expect(fechaTarea('12/12/2026', hoy)).toBe('');
    expect(fechaTarea('2026-13-01', hoy)).toBe('');
  });
});

describe('the class code a child types on /perfil', () => {
  it('is upper case without spaces or dashes, at most 6 characters', () => {
    expect(codigoEscrito('ab c-d3')).toBe('ABCD3');
    expect(codigoEscrito('  kmn-ptr  ')).toBe('KMNPTR');
    expect(codigoEscrito('KMNPTRXYZ')).toBe('KMNPTR');
    expect(codigoEscrito('')).toBe('');
  });
});

describe('the sign-up error alert with a class code', () => {
  it('keeps the spec: 409 shows the server message, other errors the email text', () => {
    expect(registerErrorMessage({ status: 409, msg: 'El correo ya está registrado.' }, 'a@b.c', '')).toBe('El correo ya está registrado.');
    expect(registerErrorMessage({ status: 500, msg: 'Error 500' }, 'a@b.c', '')).toBe('El correo ingresado ya existe. a@b.c');
    expect(registerErrorMessage({ status: 404, msg: 'No encontramos esa clase.' }, 'a@b.c', '')).toBe('El correo ingresado ya existe. a@b.c');
  });
  it('shows the server message when the class code sent was refused', () => {
    const noClase = 'No encontramos esa clase. Revisa el código con tu profesor.';
    expect(registerErrorMessage({ status: 404, msg: noClase }, 'a@b.c', 'KMNPTR')).toBe(noClase);
    expect(registerErrorMessage({ status: 400, msg: 'El código de clase tiene 6 letras y números.' }, 'a@b.c', 'KMN')).toBe(
      'El código de clase tiene 6 letras y números.',
    );
    expect(registerErrorMessage({ status: 400, msg: 'Revisa los datos.', fields: { codigoClase: 'x' } }, 'a@b.c', 'KMN')).toBe('Revisa los datos.');
    expect(registerErrorMessage({ status: 400, msg: 'Mal.', fields: { codigo: 'x' } }, 'a@b.c', 'KMN')).toBe('Mal.');
    expect(registerErrorMessage({ status: 400, msg: 'Todos los campos son obligatorios' }, 'a@b.c', 'KMNPTR')).toBe('El correo ingresado ya existe. a@b.c');
  });
});

describe('a user without an email in the back office pickers', () => {
  it('is "Nombre Apellido", never "(null)"', async () => {
    const { userLabel } = await import('../../../src/client/admin/common/pickers');
    expect(userLabel({ nombre: 'Nora', apellido: 'Sinco', email: null })).toBe('Nora Sinco');
    expect(userLabel({ nombre: 'Ana', apellido: 'Ruiz', email: 'ana@x.mx' })).toBe('Ana Ruiz (ana@x.mx)');
  });
});
