/**
 * File sizes as staff read them, in Spanish (1 KB = 1024 bytes): "820 B", "58 KB", "1,2 MB".
 * One formatter for the back office; its screens differ only in the options below.
 */
interface BytesFormat {
  /** Round up, so a file just over a limit never reads as the limit ("25,1 MB"). */
  up?: boolean;
  /** One decimal under 10 KB ("8,2 KB"), for the media list where small files sit side by side. */
  kbDecimal?: boolean;
  /** Whole megabytes from 10 MB ("12 MB"). */
  mbWholeFrom10?: boolean;
}

const es1 = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 1 });

export function formatBytes(bytes: number, f: BytesFormat = {}): string {
  const round = f.up ? Math.ceil : Math.round;
  const tenths = (v: number) => es1.format(round(v * 10) / 10);
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  const kb = bytes / 1024;
  if (kb < 1024) return f.kbDecimal && kb < 10 ? `${tenths(kb)} KB` : `${Math.max(1, round(kb))} KB`;
  const mb = kb / 1024;
  if (mb < 1024) return f.mbWholeFrom10 && mb >= 10 ? `${round(mb)} MB` : `${tenths(mb)} MB`;
  return `${tenths(mb / 1024)} GB`;
}
