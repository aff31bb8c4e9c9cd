import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { badRequest } from '../errors';
import { KIND_INFO, sniff, type FileKind } from './sniff';
import { fitImage } from '../media/resize';

/** Upload folders, each served under /uploads/{folder}/. */
export const UPLOAD_FOLDERS = ['niveles', 'preguntas', 'respuestas', 'multimedia', 'contenidos'] as const;
export type UploadFolder = (typeof UPLOAD_FOLDERS)[number];

export interface StoredFile {
  folder: UploadFolder;
  name: string;
  kind: FileKind;
  mime: string;
  size: number;
  /** Path as the API stores it in `url` / `url_archivo`: `uploads/{folder}/{name}`. */
  relativeUrl: string;
}

export interface Storage {
  root: string;
  /** Checks the bytes against `allowed` and writes the file under a server-made name. */
  put(folder: UploadFolder, data: Buffer, allowed: readonly FileKind[], rejectMessage: string): Promise<StoredFile>;
  /**
   * Writes a file the server made itself from a stored upload (the compact WebP of a GIF): no
   * upload checks, the same kind of server-made name. Throws if the bytes are not of `kind`.
   */
  putDerived(folder: UploadFolder, data: Buffer, kind: FileKind): Promise<StoredFile>;
  /** Where a stored file lives on disk, from its stored name or `uploads/...` url; null for names the server did not make. */
  pathOf(folder: UploadFolder, nameOrUrl: string | null | undefined): string | null;
  /**
   * A stored file's bytes, from its stored name or `uploads/...` url; null for a missing file or a
   * name the server did not make. Background jobs read uploads only through this (any host, any store).
   */
  read(folder: UploadFolder, nameOrUrl: string): Promise<Buffer | null>;
  /** Removes a file by its stored name (or `uploads/...` url); unknown or foreign paths are ignored. */
  remove(folder: UploadFolder, nameOrUrl: string | null | undefined): Promise<void>;
}

export function createStorage(root: string): Storage {
  async function write(folder: UploadFolder, data: Buffer, kind: FileKind): Promise<StoredFile> {
    const { ext, mime } = KIND_INFO[kind];
    // Content-addressed name: safe characters only, and long-lived caching is correct.
    const hash = createHash('sha256').update(data).digest('hex').slice(0, 24);
    const name = `${hash}-${randomBytes(3).toString('hex')}.${ext}`;
    const dir = path.join(root, folder);
    await mkdir(dir, { recursive: true });
    const tmp = path.join(dir, `.${name}.tmp`);
    await writeFile(tmp, data, { mode: 0o644 });
    await rename(tmp, path.join(dir, name));
    return { folder, name, kind, mime, size: data.length, relativeUrl: `uploads/${folder}/${name}` };
  }
  function pathOf(folder: UploadFolder, nameOrUrl: string | null | undefined): string | null {
    if (!nameOrUrl) return null;
    const base = path.basename(nameOrUrl);
    if (!/^[a-f0-9]{24}-[a-f0-9]{6}\.[a-z0-9]{2,4}$/.test(base)) return null;
    return path.join(root, folder, base);
  }
  return {
    root,
    async put(folder, data, allowed, rejectMessage) {
      if (data.length === 0) throw badRequest('El archivo está vacío.', { archivo: 'El archivo está vacío.' }, 'EMPTY_FILE');
      const kind = sniff(data);
      if (!kind || !allowed.includes(kind)) throw badRequest(rejectMessage, { archivo: rejectMessage }, 'FILE_TYPE');
      // Pictures declaring more pixels than a tablet (or the server) can decode are refused before
      // anything decodes them; oversized photos are shrunk to what the screens need (src/server/media).
      data = await fitImage(data, kind);
      return write(folder, data, kind);
    },
    async putDerived(folder, data, kind) {
      if (sniff(data) !== kind) throw new Error(`putDerived: the bytes are not ${kind}`);
      return write(folder, data, kind);
    },
    pathOf,
    async read(folder, nameOrUrl) {
      const file = pathOf(folder, nameOrUrl);
      if (!file) return null;
      try {
        return await readFile(file);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async remove(folder, nameOrUrl) {
      const file = pathOf(folder, nameOrUrl);
      if (file) await rm(file, { force: true });
    },
  };
}
