import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError, type ErrorBody } from '../errors';
import { KIND_INFO } from './sniff';
import { isUploadFolder, storedName, type ByteRange, type Storage } from './index';

/** The headers every served upload carries (disk and bucket alike): never executed, never sniffed. */
export function uploadHeaders(res: { header(name: string, value: string): unknown }): void {
  res.header('X-Content-Type-Options', 'nosniff');
  res.header('Content-Security-Policy', "default-src 'none'; sandbox");
  res.header('Cross-Origin-Resource-Policy', 'same-origin');
}

/** Stored names are content-addressed: a name's bytes never change, so caches may keep them a year. */
export const UPLOAD_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const MIME_BY_EXT = new Map(Object.values(KIND_INFO).map((v) => [v.ext, v.mime]));

/**
 * One byte range of a `Range` header (RFC 9110 §14.1.2): `bytes=a-b`, `bytes=a-` or `bytes=-n`.
 * Several ranges, other units or a malformed header give null, and the whole file is served, which
 * the RFC allows (a server may ignore Range). Written here rather than taken from a package: the
 * three forms are all that media players send, and no range parser is among the dependencies.
 */
export function parseRange(header: string | undefined): ByteRange | null {
  if (!header) return null;
  const m = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim());
  if (!m || (!m[1] && !m[2])) return null;
  if (!m[1]) return { suffix: Number(m[2]) };
  const start = Number(m[1]);
  if (!m[2]) return { start };
  const end = Number(m[2]);
  return end < start ? null : { start, end };
}

const mimeOf = (name: string) => MIME_BY_EXT.get(name.slice(name.lastIndexOf('.') + 1)) ?? 'application/octet-stream';

const READ_FAILED_MSG = 'No se pudo leer el archivo del almacenamiento. Inténtalo de nuevo en unos minutos.';

const notFound = (reply: FastifyReply) => reply.status(404).send({ msg: 'No se encontró la ruta solicitada.', code: 'NOT_FOUND' } satisfies ErrorBody);

/**
 * `/uploads/{folder}/{name}` from object storage, through this server (docs/decisions.md "Uploads in
 * a bucket"): same origin and the same headers as the disk files, range requests answered with 206
 * and only the asked bytes read from the bucket. Only stored names are looked up: no listing, no
 * other key of the bucket is reachable.
 */
export function registerBucketUploads(app: FastifyInstance, storage: Storage): void {
  // GET and HEAD in one handler: a HEAD asks the bucket for the size only (Fastify's own HEAD twin
  // would download the whole object and throw it away).
  app.route<{ Params: { folder: string; name: string } }>({
    method: ['GET', 'HEAD'],
    url: '/uploads/:folder/:name',
    exposeHeadRoute: false,
    handler: async (req, reply) => {
      const { folder, name } = req.params;
      if (!isUploadFolder(folder) || storedName(name) !== name) return notFound(reply);
      if (req.method === 'HEAD') {
        const size = await storage.size(folder, name).catch(() => {
          throw new AppError(503, 'STORAGE_UNAVAILABLE', READ_FAILED_MSG);
        });
        if (size === null) return notFound(reply);
        uploadHeaders(reply);
        reply.header('Accept-Ranges', 'bytes').header('Cache-Control', UPLOAD_CACHE_CONTROL).header('Content-Length', String(size));
        return reply.type(mimeOf(name)).send();
      }
      const range = parseRange(req.headers.range);
      let opened: Awaited<ReturnType<Storage['open']>>;
      try {
        opened = await storage.open(folder, name, range ?? undefined);
      } catch (err) {
        req.log.error({ err: err instanceof Error ? err.message : String(err) }, 'uploads: el almacenamiento no respondió');
        throw new AppError(503, 'STORAGE_UNAVAILABLE', READ_FAILED_MSG);
      }
      if (!opened) return notFound(reply);
      uploadHeaders(reply);
      reply.header('Accept-Ranges', 'bytes');
      if (opened === 'unsatisfiable') {
        const size = await storage.size(folder, name);
        if (size !== null) reply.header('Content-Range', `bytes */${size}`);
        return reply.status(416).send({ msg: 'El rango pedido está fuera del archivo.', code: 'RANGE_NOT_SATISFIABLE' } satisfies ErrorBody);
      }
      reply.header('Cache-Control', UPLOAD_CACHE_CONTROL);
      reply.type(mimeOf(name));
      if (opened.range) {
        reply.status(206);
        reply.header('Content-Range', `bytes ${opened.range.start}-${opened.range.end}/${opened.size}`);
        reply.header('Content-Length', String(opened.range.end - opened.range.start + 1));
      } else {
        reply.header('Content-Length', String(opened.size));
      }
      return reply.send(opened.body);
    },
  });
}
