import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Which requests the log keeps (docs/decisions.md "The request log and the hot path"). Fastify's own request logging wrote
 * two lines (incoming, completed) for every request, synchronously: about a third of the CPU of a
 * cached learner read. RequestLogController (below) replaces them with one "request completed"
 * line, with its reqId, method, path, status and time, for the requests worth reading afterwards:
 * - `error`: status ≥ 500 (level error; the error handler has already logged the error itself);
 * - `refused`: status 400–499 (validation, 401/403, XSRF, 404, 429 rate limits);
 * - `slow`: took at least `slowMs` (LOG_SLOW_MS, default 500 ms; level warn);
 * - `write`: any method other than GET, HEAD and OPTIONS (submits, edits, logins, logouts).
 * Successful fast reads are not written at info; with LOG_LEVEL=debug they are (level debug), so
 * nothing is lost for good: it is the level that decides, as pino's levels are meant to.
 */
export type RequestLogClass = 'error' | 'refused' | 'slow' | 'write';

/** Default of LOG_SLOW_MS: a learner read answers in 1–10 ms under a classroom's load; half a second is worth a line. */
export const DEFAULT_SLOW_REQUEST_MS = 500;

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Levels at which successful fast reads are written too (pino's debug and trace). */
const VERBOSE_LEVELS = new Set(['debug', 'trace']);

/** The class a finished request is logged under, or null for a successful fast read (debug only). */
export function requestLogClass(method: string, status: number, elapsedMs: number, slowMs: number): RequestLogClass | null {
  if (status >= 500) return 'error';
  if (status >= 400) return 'refused';
  if (elapsedMs >= slowMs) return 'slow';
  if (!READ_METHODS.has(method)) return 'write';
  return null;
}

const LEVEL: Record<RequestLogClass, 'error' | 'warn' | 'info'> = { error: 'error', slow: 'warn', refused: 'info', write: 'info' };

/**
 * Fastify's own hook for its request lines (the `logController` option): the "incoming request"
 * line is not written, and "request completed" only for the kept classes, at their level; its other
 * lines (stream errors, "request errored", not-found, serializer errors) stay as Fastify writes them.
 * The line carries the request (method and path, never the query string: see app.ts's serializer),
 * the status, the time and the class; the request id is bound by Fastify's child logger.
 */
export class RequestLogController extends LogController {
  constructor(private readonly slowMs: number) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    const ms = reply.elapsedTime;
    if (error) {
      reply.log.error({ req, res: reply, err: error, responseTime: ms, kind: 'error' }, 'request errored');
      return;
    }
    const kind = requestLogClass(req.method, reply.statusCode, ms, this.slowMs);
    if (kind) reply.log[LEVEL[kind]]({ req, res: reply, responseTime: ms, kind }, 'request completed');
    else if (VERBOSE_LEVELS.has(reply.log.level)) reply.log.debug({ req, res: reply, responseTime: ms }, 'request completed');
  }
}
