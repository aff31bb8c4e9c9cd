const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * Other spellings of a token's signature that a lenient base64 decoder reads as the same bytes:
 * the last character with other unused low bits, a trailing '=', the standard alphabet ('+/'),
 * and a space inside. Used by the unit and the API token tests.
 */
export function respellings(token: string): Record<'lastBits' | 'padded' | 'standard' | 'space', string> {
  const cut = token.lastIndexOf('.');
  const head = token.slice(0, cut + 1);
  const sig = token.slice(cut + 1);
  // 32 bytes = 43 characters: the last one carries 4 bits and 2 unused low bits.
  const i = B64URL.indexOf(sig.at(-1)!);
  return {
    lastBits: head + sig.slice(0, -1) + B64URL[(i & ~3) | ((i + 1) & 3)],
    padded: head + sig + '=',
    standard: head + sig.replace(/-/g, '+').replace(/_/g, '/'),
    space: head + sig.slice(0, 20) + ' ' + sig.slice(20),
  };
}

/** Whether the signature has a '-' or '_', so that its standard-base64 spelling differs. */
export const hasUrlChars = (token: string) => /[-_]/.test(token.slice(token.lastIndexOf('.') + 1));
