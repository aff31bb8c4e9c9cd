import { describe, expect, it } from 'vitest';
import { DEFAULT_SLOW_REQUEST_MS, requestLogClass } from '../../../src/server/request-log';

describe('requestLogClass (which finished requests the log keeps)', () => {
  const slow = DEFAULT_SLOW_REQUEST_MS;

  it('drops successful fast reads, whatever the read method', () => {
    for (const m of ['GET', 'HEAD', 'OPTIONS']) {
      expect(requestLogClass(m, 200, 2, slow)).toBeNull();
      expect(requestLogClass(m, 304, slow - 1, slow)).toBeNull();
    }
  });

  it('keeps errors and refusals, even when fast', () => {
    expect(requestLogClass('GET', 500, 1, slow)).toBe('error');
    expect(requestLogClass('POST', 503, 1, slow)).toBe('error');
    for (const s of [400, 401, 403, 404, 413, 429]) expect(requestLogClass('GET', s, 1, slow)).toBe('refused');
  });

  it('keeps slow requests from the threshold on (inclusive)', () => {
    expect(requestLogClass('GET', 200, slow, slow)).toBe('slow');
    expect(requestLogClass('GET', 200, slow + 1, slow)).toBe('slow');
    expect(requestLogClass('POST', 201, slow, slow)).toBe('slow');
  });

  it('keeps every write', () => {
    for (const m of ['POST', 'PUT', 'PATCH', 'DELETE']) expect(requestLogClass(m, 200, 1, slow)).toBe('write');
  });

  it('an error or refusal is classed as such even when slow', () => {
    expect(requestLogClass('GET', 500, slow * 3, slow)).toBe('error');
    expect(requestLogClass('POST', 403, slow * 3, slow)).toBe('refused');
  });
});
