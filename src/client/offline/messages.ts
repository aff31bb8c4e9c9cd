/** What the "Sin conexión" banner says on each kind of screen (screens-learner.md L-1.4). */
export const OFFLINE_MSG = {
  learner: 'Sin conexión. Puedes seguir con los niveles descargados; lo que hagas se enviará cuando vuelva la conexión.',
  login: 'Sin conexión. Para entrar necesitas conexión a internet.',
  admin: 'Sin conexión. El panel de docentes necesita conexión a internet.',
} as const;

/** The banner's words for a screen: where the connection is needed, it says so. */
export function offlineMessage(pathname: string): string {
  if (/^\/admin(\/|$)/.test(pathname)) return OFFLINE_MSG.admin;
  if (/^\/(logIn|login|singIn|recuperar-password|restablecer-password)(\/|$)/.test(pathname)) return OFFLINE_MSG.login;
  return OFFLINE_MSG.learner;
}
