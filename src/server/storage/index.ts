import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { badRequest } from '../errors';
import { KIND_INFO, sniff, type FileKind } from './sniff';
import { fitImage } from '../media/resize';

/** Upload folders, each served under /uploads/{folder}/. */
export const UPLOAD_FOLDERS = ['niveles', 'preguntas', 'respuestas', 'multimedia', 'contenidos'] as const;
export type UploadFolder = (typeof UPLOAD_FOLDERS)[number];

export const isUploadFolder = (v: string): v is UploadFolder => (UPLOAD_FOLDERS as readonly string[]).includes(v);

export interface StoredFile {
  folder: UploadFolder;
  name: string;
  kind: FileKind;
  mime: string;
  size: number;
  /** Path as the API stores it in `url` / `url_archivo`: `uploads/{folder}/{name}`. */
  relativeUrl: string;
}

/** A byte range asked for by a client (inclusive ends, as in HTTP); `end` undefined = to the end. */
export type ByteRange = { start: number; end?: number } | { suffix: number };

/** An opened stored file: its bytes (the asked range, or all of it) and the whole file's size. */
export interface OpenedFile {
  body: Readable;
  /** Size of the whole stored file. */
  size: number;
  /** The bytes `body` carries, inclusive; null when it is the whole file. */
  range: { start: number; end: number } | null;
}

export interface Storage {
  kind: 'disk' | 's3';
  /** Checks the bytes against `allowed` and writes the file under a server-made name. */
  put(folder: UploadFolder, data: Buffer, allowed: readonly FileKind[], rejectMessage: string): Promise<StoredFile>;
  /**
   * Writes a file the server made itself from a stored upload (the compact WebP of a GIF): no
   * upload checks, the same kind of server-made name. Throws if the bytes are not of `kind`.
   */
  putDerived(folder: UploadFolder, data: Buffer, kind: FileKind): Promise<StoredFile>;
  /** A stored file's bytes, from its stored name or `uploads/...` url; null when missing or not a server-made name. */
  read(folder: UploadFolder, nameOrUrl: string | null | undefined): Promise<Buffer | null>;
  /** A stored file's size in bytes; null when missing or not a server-made name. */
  size(folder: UploadFolder, nameOrUrl: string | null | undefined): Promise<number | null>;
  /**
   * Opens a stored file for serving, optionally one byte range of it. null when missing;
   * `'unsatisfiable'` when the range starts past the end (HTTP 416).
   */
  open(folder: UploadFolder, name: string, range?: ByteRange): Promise<OpenedFile | 'unsatisfiable' | null>;
  /** Removes a file by its stored name (or `uploads/...` url); unknown or foreign paths are ignored. */
  remove(folder: UploadFolder, nameOrUrl: string | null | undefined): Promise<void>;
  /** Every stored file (backups): folder and name, server-made names only. */
  list(): Promise<{ folder: UploadFolder; name: string }[]>;
  /** Writes a file back under its own name (restores); throws for a name the server would not make. */
  restore(folder: UploadFolder, name: string, data: Buffer): Promise<void>;
}

const STORED_NAME = /^[a-f0-9]{24}-[a-f0-9]{6}\.[a-z0-9]{2,4}$/;

/** The stored file's name from a name or `uploads/...` url; null for names the server did not make. */
export function storedName(nameOrUrl: string | null | undefined): string | null {
  if (!nameOrUrl) return null;
  const base = path.posix.basename(nameOrUrl);
  return STORED_NAME.test(base) ? base : null;
}

/** Content-addressed name: safe characters only, and long-lived caching is correct. */
export function newName(data: Buffer, kind: FileKind): string {
  const hash = createHash('sha256').update(data).digest('hex').slice(0, 24);
  return `${hash}-${randomBytes(3).toString('hex')}.${KIND_INFO[kind].ext}`;
}

export function stored(folder: UploadFolder, name: string, kind: FileKind, size: number): StoredFile {
  return { folder, name, kind, mime: KIND_INFO[kind].mime, size, relativeUrl: `uploads/${folder}/${name}` };
}

/**
 * The upload checks every implementation shares: not empty, an allowed kind by its bytes, and
 * pictures within the pixel limits (shrunk to what the screens need, src/server/media).
 */
export async function checkUpload(data: Buffer, allowed: readonly FileKind[], rejectMessage: string): Promise<{ data: Buffer; kind: FileKind }> {
  if (data.length === 0) throw badRequest('El archivo está vacío.', { archivo: 'El archivo está vacío.' }, 'EMPTY_FILE');
  const kind = sniff(data);
  if (!kind || !allowed.includes(kind)) throw badRequest(rejectMessage, { archivo: rejectMessage }, 'FILE_TYPE');
  // Pictures declaring more pixels than a tablet (or the server) can decode are refused before
  // anything decodes them; oversized photos are shrunk to what the screens need (src/server/media).
  return { data: await fitImage(data, kind), kind };
}

/**
 * `put` and `putDerived` of an implementation, from how it writes a checked file under a new name:
 * the upload checks and the derived file's kind check are one rule for the disk and the bucket.
 */
export function checkedWrites(write: (folder: UploadFolder, data: Buffer, kind: FileKind) => Promise<StoredFile>): Pick<Storage, 'put' | 'putDerived'> {
  return {
    async put(folder, data, allowed, rejectMessage) {
      const checked = await checkUpload(data, allowed, rejectMessage);
      return write(folder, checked.data, checked.kind);
    },
    async putDerived(folder, data, kind) {
      if (sniff(data) !== kind) throw new Error(`putDerived: the bytes are not ${kind}`);
      return write(folder, data, kind);
    },
  };
}

/** Shared by the S3 implementation: the bytes a client asked for, clamped to the file (null = unsatisfiable). */
export function resolveRange(range: ByteRange, size: number): { start: number; end: number } | null {
  if ('suffix' in range) {
    if (range.suffix <= 0 || size === 0) return null;
    return { start: Math.max(0, size - range.suffix), end: size - 1 };
  }
  if (range.start >= size) return null;
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}

/** Files under one folder per upload folder on this host's disk (the default). */
export function createStorage(root: string): Storage {
  const fileOf = (folder: UploadFolder, nameOrUrl: string | null | undefined) => {
    const name = storedName(nameOrUrl);
    return name ? path.join(root, folder, name) : null;
  };
  async function writeNamed(folder: UploadFolder, name: string, data: Buffer) {
    const dir = path.join(root, folder);
    await mkdir(dir, { recursive: true });
    // Written aside then renamed: a reader never sees half a file.
    const tmp = path.join(dir, `.${name}.tmp`);
    await writeFile(tmp, data, { mode: 0o644 });
    await rename(tmp, path.join(dir, name));
  }
  async function write(folder: UploadFolder, data: Buffer, kind: FileKind): Promise<StoredFile> {
    const name = newName(data, kind);
    await writeNamed(folder, name, data);
    return stored(folder, name, kind, data.length);
  }
  return {
    kind: 'disk',
    ...checkedWrites(write),
    async read(folder, nameOrUrl) {
      const file = fileOf(folder, nameOrUrl);
      return file ? readFile(file).catch(() => null) : null;
    },
    async size(folder, nameOrUrl) {
      const file = fileOf(folder, nameOrUrl);
      return file
        ? stat(file).then(
            (s) => s.size,
            () => null,
          )
        : null;
    },
    async open(folder, name, range) {
      const file = fileOf(folder, name);
      if (!file) return null;
      const st = await stat(file).catch(() => null);
      if (!st?.isFile()) return null;
      const r = range ? resolveRange(range, st.size) : null;
      if (range && !r) return 'unsatisfiable';
      return { body: createReadStream(file, r ?? {}), size: st.size, range: r };
    },
    async remove(folder, nameOrUrl) {
      const file = fileOf(folder, nameOrUrl);
      if (file) await rm(file, { force: true });
    },
    async list() {
      const out: { folder: UploadFolder; name: string }[] = [];
      for (const folder of UPLOAD_FOLDERS) {
        const names = await readdir(path.join(root, folder)).catch(() => [] as string[]);
        for (const name of names) if (STORED_NAME.test(name)) out.push({ folder, name });
      }
      return out;
    },
    async restore(folder, name, data) {
      if (!STORED_NAME.test(name)) throw new Error(`restore: ${name} is not a stored file name`);
      await writeNamed(folder, name, data);
    },
  };
}
