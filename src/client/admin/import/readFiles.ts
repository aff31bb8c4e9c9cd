import type { Unzipped } from 'fflate';
import { baseName, checkZipEntries, classify, isSkippedEntry, mimeFor, repairZipName, worthUnpacking } from '../../../shared/rules/mediaImport';

/** One file of an import: dropped as it is, or unpacked from a zip. */
export interface SourceFile {
  /** Unique within the page. */
  id: string;
  /** Path inside its zip (`fotos/gato.png`), or the dropped file's name. */
  path: string;
  size: number;
  mime: string;
  /** The bytes; null when they were not unpacked (a type or size the import refuses anyway). */
  blob: Blob | null;
  /** The zip it came from. */
  zip: string | null;
  /** Object URL of a picture, for the preview (revoked by `releaseSources`). */
  previewUrl: string | null;
}

interface ReadResult {
  files: SourceFile[];
  /** Zips refused or unreadable, in Spanish. */
  errors: string[];
}

let counter = 0;
const nextId = () => `f${++counter}`;

function withPreview(f: Omit<SourceFile, 'previewUrl'>): SourceFile {
  const { cls } = classify(baseName(f.path), f.mime);
  const previewUrl = f.blob && (cls === 'image' || cls === 'gif') ? URL.createObjectURL(f.blob) : null;
  return { ...f, previewUrl };
}

const isZip = (f: File) => /\.zip$/i.test(f.name) || f.type === 'application/zip' || f.type === 'application/x-zip-compressed';

function unzipAsync(unzip: typeof import('fflate').unzip, data: Uint8Array, filter: (name: string) => boolean): Promise<Unzipped> {
  return new Promise((resolve, reject) => {
    unzip(data, { filter: (f) => filter(f.name) }, (err, out) => (err ? reject(err) : resolve(out)));
  });
}

/** Reads one zip: lists it first (refusing it whole when too big), then unpacks what can be imported. */
async function readZip(zip: File): Promise<SourceFile[]> {
  // fflate is only fetched when a zip is dropped.
  const { unzip, unzipSync } = await import('fflate');
  const data = new Uint8Array(await zip.arrayBuffer());
  const entries: { raw: string; name: string; originalSize: number }[] = [];
  try {
    // A filter that takes nothing only reads the zip's directory.
    unzipSync(data, {
      filter: (f) => {
        entries.push({ raw: f.name, name: repairZipName(f.name), originalSize: f.originalSize });
        return false;
      },
    });
  } catch {
    throw new Error(`No se pudo abrir «${zip.name}»: el archivo está dañado o no es un zip.`);
  }
  const refused = checkZipEntries(zip.name, entries);
  if (refused) throw new Error(refused);
  const wanted = new Set(entries.filter((e) => worthUnpacking(e.name, e.originalSize)).map((e) => e.raw));
  let unpacked: Unzipped;
  try {
    unpacked = wanted.size ? await unzipAsync(unzip, data, (raw) => wanted.has(raw)) : {};
  } catch {
    throw new Error(`No se pudo descomprimir «${zip.name}»: el zip está dañado, cifrado o usa un formato que el navegador no lee.`);
  }
  return entries
    .filter((e) => !isSkippedEntry(e.name))
    .map((e) => {
      const bytes = unpacked[e.raw];
      const mime = mimeFor(e.name);
      return withPreview({
        id: nextId(),
        path: e.name,
        size: bytes ? bytes.length : e.originalSize,
        mime,
        blob: bytes ? new Blob([bytes as BlobPart], { type: mime }) : null,
        zip: zip.name,
      });
    });
}

/** Dropped files and zips → the files of the import (hidden files left out). One bad zip does not stop the rest. */
export async function readDropped(dropped: readonly File[]): Promise<ReadResult> {
  const files: SourceFile[] = [];
  const errors: string[] = [];
  for (const f of dropped) {
    if (isZip(f)) {
      try {
        files.push(...(await readZip(f)));
      } catch (err) {
        errors.push((err as Error).message);
      }
      continue;
    }
    // A browser hands over the folder path of files dropped from a folder (react-dropzone's `path`).
    const path = (f as File & { path?: string }).path?.replace(/^\.?\//, '') || f.name;
    if (isSkippedEntry(path)) continue;
    files.push(withPreview({ id: nextId(), path, size: f.size, mime: f.type, blob: f, zip: null }));
  }
  return { files, errors };
}

/** Same file dropped twice (same place, name and size): kept once. */
export function mergeSources(current: readonly SourceFile[], added: readonly SourceFile[]): { files: SourceFile[]; dropped: SourceFile[] } {
  const key = (f: SourceFile) => `${f.zip ?? ''}\u0000${f.path}\u0000${f.size}`;
  const seen = new Set(current.map(key));
  const files = [...current];
  const dropped: SourceFile[] = [];
  for (const f of added) {
    if (seen.has(key(f))) dropped.push(f);
    else {
      seen.add(key(f));
      files.push(f);
    }
  }
  return { files, dropped };
}

export function releaseSources(files: readonly SourceFile[]) {
  for (const f of files) if (f.previewUrl) URL.revokeObjectURL(f.previewUrl);
}
