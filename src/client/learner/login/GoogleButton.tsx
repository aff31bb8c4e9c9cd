/**
 * The Google sign-in button: shown only when the server says Google sign-in is configured.
 * (Wired to Firebase by the Google sign-in issue.)
 */
export function GoogleButton(_props: { disabled?: boolean; onLoading?: (v: boolean) => void }) {
  return null;
}
