/** File kinds the product accepts, recognised by their first bytes (never by name or header). */
export type FileKind = 'jpeg' | 'png' | 'gif' | 'webp' | 'mp3' | 'ogg' | 'wav' | 'mp4' | 'webm' | 'pdf' | 'text';

export const KIND_INFO: Record<FileKind, { ext: string; mime: string }> = {
  jpeg: { ext: 'jpg', mime: 'image/jpeg' },
  png: { ext: 'png', mime: 'image/png' },
  gif: { ext: 'gif', mime: 'image/gif' },
  webp: { ext: 'webp', mime: 'image/webp' },
  mp3: { ext: 'mp3', mime: 'audio/mpeg' },
  ogg: { ext: 'ogg', mime: 'audio/ogg' },
  wav: { ext: 'wav', mime: 'audio/wav' },
  mp4: { ext: 'mp4', mime: 'video/mp4' },
  webm: { ext: 'webm', mime: 'video/webm' },
  pdf: { ext: 'pdf', mime: 'application/pdf' },
  text: { ext: 'txt', mime: 'text/plain; charset=utf-8' },
};

export const IMAGE_KINDS: readonly FileKind[] = ['jpeg', 'png', 'gif'];
export const AUDIO_KINDS: readonly FileKind[] = ['mp3', 'ogg', 'wav', 'mp4'];
export const VIDEO_KINDS: readonly FileKind[] = ['mp4', 'webm'];

const startsWith = (b: Buffer, bytes: number[], offset = 0) => bytes.every((v, i) => b[offset + i] === v);
const ascii = (b: Buffer, s: string, offset = 0) => b.length >= offset + s.length && b.toString('latin1', offset, offset + s.length) === s;

export function sniff(buf: Buffer): FileKind | null {
  if (buf.length < 4) return null;
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(buf, 'GIF87a') || ascii(buf, 'GIF89a')) return 'gif';
  if (ascii(buf, 'RIFF') && ascii(buf, 'WEBP', 8)) return 'webp';
  if (ascii(buf, 'RIFF') && ascii(buf, 'WAVE', 8)) return 'wav';
  if (ascii(buf, 'ID3') || (buf[0] === 0xff && (buf[1]! & 0xe0) === 0xe0 && (buf[1]! & 0x06) !== 0)) return 'mp3';
  if (ascii(buf, 'OggS')) return 'ogg';
  if (ascii(buf, 'ftyp', 4)) return 'mp4';
  if (startsWith(buf, [0x1a, 0x45, 0xdf, 0xa3])) return 'webm';
  if (ascii(buf, '%PDF-')) return 'pdf';
  if (isPlainText(buf)) return 'text';
  return null;
}

/** UTF-8 text with no control bytes and no markup that a browser could run. */
function isPlainText(buf: Buffer): boolean {
  const sample = buf.subarray(0, 64 * 1024);
  for (const byte of sample) {
    if (byte === 0 || (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d)) return false;
  }
  const text = new TextDecoder('utf-8', { fatal: false }).decode(sample);
  if (text.includes('\uFFFD')) return false;
  return !/<\s*(script|html|svg|iframe|object|embed|body|!doctype)/i.test(text);
}
