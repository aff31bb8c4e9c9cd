import { formatBytes as formatSize } from '../../../../shared/rules/bytes';

/** Bytes as the media list shows them: "850 B", "8,2 KB", "58 KB", "1,2 MB". */
export const formatBytes = (bytes: number): string => formatSize(bytes, { kbDecimal: true });

/** The "Tamaño" cell: the file's size and, when there is one, its compact WebP's ("58 KB (WebP 21 KB)"). */
export function sizeLabel(r: { tamano?: unknown; compacta?: unknown }): string {
  const own = typeof r.tamano === 'number' ? formatBytes(r.tamano) : '—';
  const compactSize = r.compacta && typeof r.compacta === 'object' ? (r.compacta as { tamano?: unknown }).tamano : null;
  return typeof compactSize === 'number' ? `${own} (WebP ${formatBytes(compactSize)})` : own;
}
