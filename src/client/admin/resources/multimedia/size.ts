/** Bytes as the back office shows them, in Spanish: "850 B", "8,2 KB", "58 KB", "1,2 MB" (1 KB = 1024 bytes). */
export function formatBytes(bytes: number): string {
  const fmt = (v: number, digits: number) => new Intl.NumberFormat('es-ES', { maximumFractionDigits: digits }).format(v);
  if (bytes < 1024) return `${fmt(bytes, 0)} B`;
  const kb = bytes / 1024;
  if (kb < 1024) return `${fmt(kb, kb < 10 ? 1 : 0)} KB`;
  const mb = kb / 1024;
  if (mb < 1024) return `${fmt(mb, 1)} MB`;
  return `${fmt(mb / 1024, 1)} GB`;
}

/** The "Tamaño" cell: the file's size and, when there is one, its compact WebP's ("58 KB (WebP 21 KB)"). */
export function sizeLabel(r: { tamano?: unknown; compacta?: unknown }): string {
  const own = typeof r.tamano === 'number' ? formatBytes(r.tamano) : '—';
  const compactSize = r.compacta && typeof r.compacta === 'object' ? (r.compacta as { tamano?: unknown }).tamano : null;
  return typeof compactSize === 'number' ? `${own} (WebP ${formatBytes(compactSize)})` : own;
}
