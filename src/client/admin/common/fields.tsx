import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useRecordContext } from 'react-admin';
import { mediaUrl } from '../../api/http';

/** An uploaded picture in a list cell (file name under uploads/{folder}/ or a relative url). */
export function ImageCell({ source, folder, label }: { source: string; folder?: 'niveles' | 'preguntas' | 'respuestas'; label?: string }) {
  const record = useRecordContext();
  const src = mediaUrl(record?.[source] as string | null, folder);
  if (!src) return <span>-</span>;
  return <Box component="img" src={src} alt={label ?? ''} sx={{ width: 64, height: 64, objectFit: 'contain', borderRadius: 2, bgcolor: 'grey.100' }} />;
}
ImageCell.displayName = 'ImageCell';

/** A media file by kind: image, audio or video player, or a 'Ver Texto' link. */
export function MediaPreview({ url, kind, alt = '' }: { url: string | null | undefined; kind: string; alt?: string }) {
  const src = mediaUrl(url ?? null);
  if (!src) return <span>-</span>;
  const k = kind.toLowerCase();
  if (k === 'video')
    return <Box component="video" src={src} controls preload="metadata" sx={{ width: 160, maxHeight: 100, borderRadius: 2 }} aria-label={alt || 'Video'} />;
  if (k === 'audio') return <Box component="audio" src={src} controls preload="none" sx={{ width: 200 }} aria-label={alt || 'Audio'} />;
  if (k === 'texto')
    return (
      <Link href={src} target="_blank" rel="noopener">
        Ver Texto
      </Link>
    );
  return <Box component="img" src={src} alt={alt} sx={{ width: 64, height: 64, objectFit: 'contain', borderRadius: 2, bgcolor: 'grey.100' }} />;
}
