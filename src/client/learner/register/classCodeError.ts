import type { ApiErrorShape } from '../../api/http';

/**
 * The alert after a failed sign-up (/singIn, screens-learner.md L-4.4): a 409 shows the server's
 * message and anything else 'El correo ingresado ya existe. {email}'. Classes add one case: when
 * a class code was sent and the server refused the code (404 no such class, or a 400 naming the
 * `codigoClase`/`codigo` field or the code), its own Spanish message is shown, since nothing was created.
 */
export function registerErrorMessage(err: Pick<ApiErrorShape, 'status' | 'msg' | 'fields'>, email: string, codigoClase: string): string {
  if (err.status === 409 && err.msg) return err.msg;
  if (codigoClase && err.msg && (err.status === 404 || (err.status === 400 && (err.fields?.codigoClase || err.fields?.codigo || /c[oó]digo/i.test(err.msg)))))
    return err.msg;
  return `El correo ingresado ya existe. ${email}`;
}
