import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors';
import type { Storage, StoredFile, UploadFolder } from './storage';
import path from 'node:path';
import { KIND_INFO, type FileKind } from './storage/sniff';
import { badTextPath, invalidText, isCleanText } from './input-text';

export interface UploadedFile {
  filename: string;
  data: Buffer;
}

export interface FormInput {
  /** Text fields (multipart) or the JSON body's properties. */
  fields: Record<string, unknown>;
  files: Partial<Record<string, UploadedFile>>;
}

/**
 * Reads a create/update body that may be multipart (text fields + the named file fields) or JSON
 * (no file). Every part is consumed before an error is raised; an empty file part with no name
 * (a file input left empty) counts as no file. Size and count limits come from the multipart
 * registration in app.ts (they answer 413). Text fields follow the same rule as JSON bodies
 * (input-text.ts: NUL, control characters and lone surrogates are refused with 400).
 */
export async function readForm(req: FastifyRequest, fileFields: readonly string[]): Promise<FormInput> {
  if (!req.isMultipart()) {
    const body = req.body ?? {};
    if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('El cuerpo de la solicitud debe ser un objeto.', undefined, 'INVALID_BODY');
    return { fields: body as Record<string, unknown>, files: {} };
  }
  const fields: Record<string, unknown> = {};
  const files: Partial<Record<string, UploadedFile>> = {};
  let unexpected: string | null = null;
  let badText: string | null = null;
  for await (const part of req.parts()) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      if (!fileFields.includes(part.fieldname)) {
        unexpected ??= part.fieldname;
        continue;
      }
      if (data.length === 0 && !part.filename) continue;
      files[part.fieldname] = { filename: part.filename, data };
    } else {
      if (badText === null) {
        if (!isCleanText(part.fieldname)) badText = '';
        else if (badTextPath(part.value) !== null) badText = part.fieldname;
      }
      fields[part.fieldname] = part.value;
    }
  }
  if (badText !== null) throw invalidText('body', badText);
  if (unexpected !== null) {
    const name = unexpected.slice(0, 40);
    throw badRequest(`No se esperaba un archivo en el campo "${name}".`, { [name]: 'Archivo no esperado.' }, 'UNEXPECTED_FILE');
  }
  return { fields, files };
}

/** Sniffs and writes an uploaded file (or nothing when there is none); a refusal names the form field. */
export async function putUpload(
  storage: Storage,
  folder: UploadFolder,
  file: UploadedFile | undefined,
  kinds: readonly FileKind[] | readonly string[],
  message: string,
  field: string,
): Promise<StoredFile | null> {
  if (!file) return null;
  try {
    return await storage.put(folder, file.data, kinds as readonly FileKind[], message);
  } catch (err) {
    if (err instanceof AppError && err.statusCode === 400) throw new AppError(400, err.code, err.message, { [field]: err.message });
    throw err;
  }
}

/**
 * Runs the database write that goes with a freshly stored file: if the write fails, the new file
 * is removed so the row and the file succeed or fail together.
 */
export async function withNewFile<T>(storage: Storage, stored: StoredFile | null, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (stored) await storage.remove(stored.folder, stored.name).catch(() => undefined);
    throw err;
  }
}

/** The kind of a stored file from the extension the server gave it (stored names are server-made). */
export function kindOfStoredName(nameOrUrl: string | null | undefined): FileKind | null {
  if (!nameOrUrl) return null;
  const ext = path.extname(nameOrUrl).slice(1).toLowerCase();
  const hit = (Object.entries(KIND_INFO) as [FileKind, { ext: string }][]).find(([, v]) => v.ext === ext);
  return hit ? hit[0] : null;
}
