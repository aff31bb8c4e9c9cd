import { describe, expect, it } from 'vitest';
import { byChildName } from '../../src/shared/rules/classes';

describe('byChildName', () => {
  it('orders a class as a Spanish teacher would: accented initials among their letter, ñ after n, then surname and id', () => {
    const kids = [
      { id: 1, nombre: 'Valentina', apellido: 'Ibáñez' },
      { id: 2, nombre: 'Íker', apellido: 'Ruiz' },
      { id: 3, nombre: 'Joaquín', apellido: 'Gómez' },
      { id: 4, nombre: 'Ángel', apellido: 'Sosa' },
      { id: 5, nombre: 'Ñoño', apellido: 'Paz' },
      { id: 6, nombre: 'Nora', apellido: 'Paz' },
      { id: 7, nombre: 'ana', apellido: 'Zúñiga' },
      { id: 8, nombre: 'Ana', apellido: 'Álvarez' },
      { id: 10, nombre: 'Ana', apellido: 'Álvarez' },
      { id: 9, nombre: 'Ana', apellido: 'Álvarez' },
    ];
    expect([...kids].sort(byChildName).map((k) => k.id)).toEqual([8, 9, 10, 7, 4, 2, 3, 6, 5, 1]);
  });
});
