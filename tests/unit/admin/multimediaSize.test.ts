import { describe, expect, it } from 'vitest';
import { formatBytes, sizeLabel } from '../../../src/client/admin/resources/multimedia/size';

describe('multimedia list: the Tamaño column', () => {
  it('bytes in Spanish format', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(850)).toBe('850 B');
    expect(formatBytes(8400)).toBe('8,2 KB');
    expect(formatBytes(58 * 1024 + 300)).toBe('58 KB');
    expect(formatBytes(1.2 * 1024 * 1024)).toBe('1,2 MB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3 MB');
  });

  it('the file, and its compact WebP when there is one', () => {
    expect(sizeLabel({ tamano: 58 * 1024, compacta: { tamano: 21 * 1024 } })).toBe('58 KB (WebP 21 KB)');
    expect(sizeLabel({ tamano: 1.2 * 1024 * 1024, compacta: null })).toBe('1,2 MB');
    expect(sizeLabel({ tamano: null, compacta: null })).toBe('—');
    expect(sizeLabel({})).toBe('—');
  });
});
