/** An error meant for the client: status, Spanish message, machine code, optional per-field messages. */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: string,
    message: string,
    public readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (msg: string, fields?: Record<string, string>, code = 'VALIDATION') => new AppError(400, code, msg, fields);
export const unauthorized = (msg = 'Debes iniciar sesión para continuar.', code = 'UNAUTHORIZED') => new AppError(401, code, msg);
export const forbidden = (msg = 'No tienes permiso para realizar esta acción.', code = 'FORBIDDEN') => new AppError(403, code, msg);
export const notFound = (msg = 'No se encontró el recurso solicitado.', code = 'NOT_FOUND') => new AppError(404, code, msg);
export const conflict = (msg: string, code = 'CONFLICT') => new AppError(409, code, msg);

/** 409 for a write whose related row was deleted meanwhile (the database's foreign key refused it). */
export const REFERENCE_GONE_MSG = 'No se guardó: un dato relacionado se eliminó mientras tanto. Recarga la página e inténtalo de nuevo.';

export interface ErrorBody {
  msg: string;
  code: string;
  fields?: Record<string, string>;
}
