/**
 * SignPlayer - STUB while issue 16's player is written (the props below are final).
 */
import type { SignSpeed } from '../../shared/rules/preferences';

export const NO_SIGN_MSG = 'No hay video ni GIF de señal disponible.';

export interface SignPlayerProps {
  /** The sign: a GIF or a video (MP4/WebM) URL. */
  src: string;
  /** An animated WebP rendition of a GIF (multimedia.url_compacta), preferred where the browser decodes it. */
  compactSrc?: string | null;
  /** Accessible name, e.g. "Seña de gato". */
  label: string;
  /** full: every control; preview: small, loops, no controls (level menu cards); overlay: game panel, few large controls. */
  variant?: 'full' | 'preview' | 'overlay';
  /** Fixed speed / mirror (e.g. the recording preview's 0,5× and 1× buttons); otherwise the child's saved choice. */
  speed?: SignSpeed;
  mirror?: boolean;
  /** Called when the sign cannot be loaded (the player then shows NO_SIGN_MSG). */
  onUnavailable?: () => void;
}

export function SignPlayer({ src, label }: SignPlayerProps) {
  return /\.(mp4|webm)(\?|$)/i.test(src) || src.startsWith('blob:')
    ? <video data-testid="sign-player" src={src} aria-label={label} autoPlay muted loop playsInline style={{ width: '100%' }} />
    : <img data-testid="sign-player" src={src} alt={label} style={{ width: '100%' }} />;
}
