import { describe, expect, it } from 'vitest';
import { descripcionesOfTipo, tipoForDescripcion, tiposOfDescripcion } from '../../../src/client/admin/common/multimediaTipos';

describe('multimedia form: Descripción ↔ Tipo', () => {
  it('filters the descripciones by tipo', () => {
    expect(descripcionesOfTipo('audio')).toEqual(['audioEspanol', 'audioIngles']);
    expect(descripcionesOfTipo('video')).toEqual(['gifSena']);
    expect(descripcionesOfTipo('gif').sort()).toEqual(['gifSena', 'gifmenu']);
    expect(descripcionesOfTipo('imagen').sort()).toEqual(['imgEspanol', 'imgIngles']);
  });

  it('offers every descripción while no tipo is chosen', () => {
    expect(descripcionesOfTipo(null)).toHaveLength(6);
    expect(descripcionesOfTipo('')).toHaveLength(6);
  });

  it('knows the tipos of each descripción', () => {
    expect(tiposOfDescripcion('gifSena')).toEqual(['gif', 'video']);
    expect(tiposOfDescripcion('imgIngles')).toEqual(['imagen']);
  });

  it('sets the tipo from the descripción, keeping a tipo that fits', () => {
    expect(tipoForDescripcion('audioEspanol', null)).toBe('audio');
    expect(tipoForDescripcion('imgEspanol', 'audio')).toBe('imagen');
    expect(tipoForDescripcion('gifSena', 'video')).toBe('video');
    expect(tipoForDescripcion('gifSena', 'imagen')).toBe('gif');
    expect(tipoForDescripcion('gifmenu', 'video')).toBe('gif');
  });
});
