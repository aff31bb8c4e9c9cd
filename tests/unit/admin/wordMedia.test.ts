import { describe, expect, it } from 'vitest';
import { MEDIA_SLOTS, slotOf } from '../../../src/shared/rules/mediaSlots';
import {
  CAMERA_MSG,
  MAX_RECORDING_MS,
  MIN_CLIP_TENTHS,
  RECORDER_MIME_TYPES,
  acceptFor,
  cameraErrorMessage,
  canRecordHere,
  checkFiles,
  clampRange,
  durationTenths,
  formatBytes,
  formatTenths,
  isWholeClip,
  mediaRowsFrom,
  pickRecorderMime,
  previewKind,
  rangeSeconds,
  recordingFile,
  recordingLength,
  remaining,
  rowForSlot,
  uploadTarget,
} from '../../../src/client/admin/media/mediaRules';

const sign = slotOf('gifSena')!;
const imgEs = slotOf('imgEspanol')!;
const audioEs = slotOf('audioEspanol')!;
const menu = slotOf('gifmenu')!;

describe('word media page: rows and slots', () => {
  it('reads {data:[...]} and a plain array, dropping rows without url or id', () => {
    const rows = [{ id: 1, tipo: 'gif', descripcion: 'gifSena', url: 'uploads/multimedia/a.gif' }, { id: 2, tipo: 'x' }, null];
    expect(mediaRowsFrom({ data: rows })).toHaveLength(1);
    expect(mediaRowsFrom(rows)).toHaveLength(1);
    expect(mediaRowsFrom({ msg: 'x' })).toEqual([]);
    expect(mediaRowsFrom(null)).toEqual([]);
  });

  it('a slot shows the lowest-id row with its descripcion (the one learners see)', () => {
    const rows = [
      { id: 9, tipo: 'video', descripcion: 'gifSena', url: 'b' },
      { id: 4, tipo: 'gif', descripcion: 'gifSena', url: 'a' },
      { id: 5, tipo: 'imagen', descripcion: 'imgEspanol', url: 'c' },
    ];
    expect(rowForSlot(rows, 'gifSena')?.id).toBe(4);
    expect(rowForSlot(rows, 'imgEspanol')?.id).toBe(5);
    expect(rowForSlot(rows, 'audioIngles')).toBeNull();
  });

  it('an empty slot registers (POST), a filled one is updated in place (PUT), so nothing is stored twice', () => {
    expect(uploadTarget(null)).toEqual({ method: 'POST', path: 'multimedia/register' });
    expect(uploadTarget({ id: 17 })).toEqual({ method: 'PUT', path: 'multimedia/update/17' });
  });

  it('previews: the sign slot in the sign player, audio as audio, pictures and the menu GIF as images', () => {
    expect(previewKind('gifSena', 'gif')).toBe('sign');
    expect(previewKind('gifSena', 'video')).toBe('sign');
    expect(previewKind('audioIngles', 'audio')).toBe('audio');
    expect(previewKind('gifmenu', 'gif')).toBe('image');
    expect(previewKind('imgEspanol', 'imagen')).toBe('image');
  });
});

describe('word media page: sizes in Spanish', () => {
  it.each([
    [0, '0 B'],
    [820, '820 B'],
    [1024, '1 KB'],
    [1100, '1 KB'],
    [58 * 1024 + 100, '58 KB'],
    [1023 * 1024, '1023 KB'],
    [1.2 * 1024 * 1024, '1,2 MB'],
    [12.4 * 1024 * 1024, '12 MB'],
    [3 * 1024 * 1024, '3 MB'],
  ])('%d bytes → %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
  it('no size (older rows, or the server not sending it) → nothing shown', () => {
    expect(formatBytes(undefined)).toBeNull();
    expect(formatBytes(null)).toBeNull();
    expect(formatBytes(Number.NaN)).toBeNull();
    expect(formatBytes(-1)).toBeNull();
  });
});

describe('word media page: which file a slot takes', () => {
  it('the right kind gets the slot tipo', () => {
    expect(checkFiles(sign, [{ name: 'gato.gif', type: 'image/gif' }])).toEqual({ ok: true, tipo: 'gif' });
    expect(checkFiles(sign, [{ name: 'gato.webm', type: 'video/webm' }])).toEqual({ ok: true, tipo: 'video' });
    expect(checkFiles(sign, [{ name: 'GATO.MP4', type: '' }])).toEqual({ ok: true, tipo: 'video' });
    expect(checkFiles(imgEs, [{ name: 'gato.png', type: 'image/png' }])).toEqual({ ok: true, tipo: 'imagen' });
    expect(checkFiles(audioEs, [{ name: 'gato.m4a', type: 'audio/mp4' }])).toEqual({ ok: true, tipo: 'audio' });
  });
  it('a wrong kind, none or several files → a Spanish message naming the slot and what it takes', () => {
    const bad = checkFiles(imgEs, [{ name: 'notas.txt', type: 'text/plain' }]);
    expect(bad).toEqual({ ok: false, msg: '«notas.txt» no sirve para «Imagen (español)». Elige un archivo JPG, PNG o GIF.' });
    expect(checkFiles(menu, [{ name: 'foto.png', type: 'image/png' }]).ok).toBe(false);
    expect(checkFiles(audioEs, [{ name: 'gato.webm', type: 'video/webm' }]).ok).toBe(false);
    expect(checkFiles(sign, [])).toEqual({ ok: false, msg: 'Elige un archivo GIF, MP4 o WEBM.' });
    expect(checkFiles(sign, [{ name: 'a.gif' }, { name: 'b.gif' }])).toEqual({ ok: false, msg: 'Suelta un solo archivo en «Seña (GIF o video)».' });
  });
  it("the file chooser's filter lists each kind the slot takes", () => {
    expect(acceptFor(sign)).toEqual({ 'image/gif': ['.gif'], 'video/mp4': ['.mp4'], 'video/webm': ['.webm'] });
    expect(acceptFor(imgEs)).toEqual({ 'image/jpeg': ['.jpg', '.jpeg'], 'image/png': ['.png'], 'image/gif': ['.gif'] });
    expect(acceptFor(audioEs)).toMatchObject({ 'audio/mpeg': ['.mp3'], 'audio/mp4': ['.m4a'] });
    expect(acceptFor(audioEs)['video/mp4']).toBeUndefined();
    for (const s of MEDIA_SLOTS) expect(Object.keys(acceptFor(s)).length).toBeGreaterThan(0);
  });
});

describe('sign recorder: format, camera errors, time', () => {
  it('takes the first format the browser records, in the order vp9, vp8, webm, mp4', () => {
    expect(RECORDER_MIME_TYPES).toEqual(['video/webm;codecs=vp9', 'video/webm;codecs=vp8', 'video/webm', 'video/mp4']);
    expect(pickRecorderMime(() => true)).toBe('video/webm;codecs=vp9');
    expect(pickRecorderMime((t) => t === 'video/webm;codecs=vp8' || t === 'video/mp4')).toBe('video/webm;codecs=vp8');
    // Safari: MP4 only.
    expect(pickRecorderMime((t) => t.startsWith('video/mp4'))).toBe('video/mp4');
    expect(pickRecorderMime(() => false)).toBeNull();
    expect(pickRecorderMime(undefined)).toBeNull();
    expect(
      pickRecorderMime((t) => {
        if (t.includes('vp9')) throw new Error('unknown');
        return true;
      }),
    ).toBe('video/webm;codecs=vp8');
  });

  it('the uploaded file: container type without codecs, a name from the word', () => {
    expect(recordingFile('video/webm;codecs=vp9', 'Piña')).toEqual({ type: 'video/webm', name: 'sena-pina.webm' });
    expect(recordingFile('video/mp4; codecs="avc1.42E01E"', 'Mamá y papá')).toEqual({ type: 'video/mp4', name: 'sena-mama-y-papa.mp4' });
    expect(recordingFile(null, '¿?')).toEqual({ type: 'video/webm', name: 'sena-palabra.webm' });
  });

  it('camera failures in Spanish, by their name', () => {
    const e = (name: string) => Object.assign(new Error('x'), { name });
    expect(cameraErrorMessage(e('NotAllowedError'))).toBe(
      'No se pudo usar la cámara: el permiso está bloqueado. Permite la cámara en el navegador e inténtalo de nuevo.',
    );
    expect(cameraErrorMessage(e('NotFoundError'))).toBe('Este dispositivo no tiene cámara.');
    expect(cameraErrorMessage(e('NotReadableError'))).toBe(CAMERA_MSG.busy);
    expect(cameraErrorMessage(e('NotSupportedError'))).toBe('Este navegador no puede grabar video aquí. Abre Manitas con https o en otro navegador.');
    expect(cameraErrorMessage(e('Weird'))).toBe(CAMERA_MSG.generic);
    expect(cameraErrorMessage(null)).toBe(CAMERA_MSG.generic);
  });

  it('recording needs getUserMedia (secure pages only) and MediaRecorder', () => {
    expect(canRecordHere({ mediaDevices: { getUserMedia: () => 0 }, MediaRecorder: function MR() {} })).toBe(true);
    // http on a school's LAN address: navigator.mediaDevices is undefined.
    expect(canRecordHere({ mediaDevices: undefined, MediaRecorder: function MR() {} })).toBe(false);
    expect(canRecordHere({ mediaDevices: { getUserMedia: () => 0 } })).toBe(false);
  });

  it('the remaining-time bar runs from full to empty over 6 s', () => {
    expect(MAX_RECORDING_MS).toBe(6000);
    expect(remaining(0)).toEqual({ fraction: 1, seconds: 6 });
    expect(remaining(1500)).toEqual({ fraction: 0.75, seconds: 5 });
    expect(remaining(5999).seconds).toBe(1);
    expect(remaining(7000)).toEqual({ fraction: 0, seconds: 0 });
  });
});

describe('sign recorder: trim range in tenths of a second', () => {
  it('the duration in tenths, at least one', () => {
    expect(durationTenths(2040)).toBe(20);
    expect(durationTenths(2060)).toBe(21);
    expect(durationTenths(6000)).toBe(60);
    expect(durationTenths(0)).toBe(1);
    expect(durationTenths(Number.POSITIVE_INFINITY)).toBe(1);
  });

  it("takes a recording's length from its file, held only to the time from start() to the stop", () => {
    // A busy tablet: start() at 1 000 ms, its start event 1,9 s late, the stop at 4 300 ms. The file
    // holds 3,26 s of frames, all taken after start(): the whole of it is the length (the old total,
    // held to the start event, was 2,9 s and the trim could not reach the sign's end).
    expect(recordingLength(3262, { called: 1000, stopped: 4300 })).toBe(3262);
    // A length read longer than the span (plus half a second for the last frame) is a misread.
    expect(recordingLength(9000, { called: 1000, stopped: 4300 })).toBe(3800);
    // No length from the file: the wall clock from start(), never more than the longest.
    expect(recordingLength(Number.NaN, { called: 1000, stopped: 3700 })).toBe(2700);
    expect(recordingLength(0, { called: 0, stopped: 7500 })).toBe(MAX_RECORDING_MS);
    expect(recordingLength(Number.POSITIVE_INFINITY, { called: 0, stopped: 2100 })).toBe(2100);
    // A 1,3 s recording whose start event came 1,1 s late: 1,3 s, not the 0,2 s (too short to trim)
    // the start event gave.
    expect(recordingLength(Number.NaN, { called: 1000, stopped: 2300 })).toBe(1300);
  });

  it('keeps the handles inside the clip, in order, and at least 0,5 s apart', () => {
    expect(MIN_CLIP_TENTHS).toBe(5);
    expect(clampRange([3, 18], 20)).toEqual([3, 18]);
    expect(clampRange([-2, 25], 20)).toEqual([0, 20]);
    expect(clampRange([12, 4], 20)).toEqual([4, 12]);
    // Moving the start up to the end pushes nothing: the start stops 0,5 s before the end.
    expect(clampRange([10, 12], 20, 0)).toEqual([7, 12]);
    // Moving the end down to the start: the end stops 0,5 s after the start.
    expect(clampRange([10, 12], 20, 1)).toEqual([10, 15]);
    // Near the edges the other handle gives way.
    expect(clampRange([18, 19], 20, 1)).toEqual([15, 20]);
    expect(clampRange([1, 2], 20, 0)).toEqual([0, 5]);
    // A clip shorter than 0,5 s can only be kept whole.
    expect(clampRange([1, 2], 3)).toEqual([0, 3]);
    expect(clampRange([2.4, 9.6], 20)).toEqual([2, 10]);
  });

  it('the whole clip is uploaded as recorded; any cut goes through the trimmer', () => {
    expect(isWholeClip([0, 20], 20)).toBe(true);
    expect(isWholeClip([1, 20], 20)).toBe(false);
    expect(isWholeClip([0, 19], 20)).toBe(false);
  });

  it('seconds for the trim, Spanish text for people', () => {
    expect(rangeSeconds([4, 17])).toEqual({ start: 0.4, end: 1.7 });
    expect(formatTenths(15)).toBe('1,5 s');
    expect(formatTenths(20)).toBe('2 s');
  });
});
