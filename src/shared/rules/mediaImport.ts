/**
 * Bulk media import (docs/product/screens-backoffice.md B-5.1): which word of a level, and which of its media slots, a file goes
 * to, from the file's name alone. Pure: the import page (src/client/admin/import) reads the zip and
 * uploads; everything it decides is decided here.
 *
 * The naming rules, as the page explains them to staff:
 *
 * - The name is the word, then an optional suffix, then the extension: `gato.gif`, `gato-en.mp3`.
 *   Folders (inside a zip too) do not count, only the file's own name.
 * - Case, accents, «ñ» (= «n»), spaces, hyphens, underscores and dots do not matter:
 *   `Oso_Hormiguero.PNG`, `oso-hormiguero.png` and `osohormiguero.png` all name «oso hormiguero»,
 *   and `nino.png` names «niño» (file systems and zips often mangle «ñ» and accents).
 * - The word is looked up in Spanish (palabraEspanol) first; only when no Spanish word matches, in
 *   English (palabraIngles). The language of the name never chooses the slot: only the suffix does.
 * - The slot, from the suffix and the kind of file:
 *
 *   | suffix            | GIF                | MP4 / WEBM  | JPG / PNG          | MP3 / OGG / WAV / M4A |
 *   |-------------------|--------------------|-------------|--------------------|-----------------------|
 *   | (none)            | gifSena            | gifSena     | imgEspanol         | audioEspanol          |
 *   | -es / _es         | imgEspanol         | (refused)   | imgEspanol         | audioEspanol          |
 *   | -en / _en         | imgIngles          | (refused)   | imgIngles          | audioIngles           |
 *   | -menu             | gifmenu            | (refused)   | (refused)          | (refused)             |
 *   | -sena / -seña     | gifSena            | gifSena     | (refused)          | (refused)             |
 *
 *   A GIF without suffix is the sign (what a sign GIF usually is); with a language suffix it is
 *   that language's picture (an animated picture), so "-es/-en" always means "the picture or audio
 *   in that language" whatever the file is. A video only ever fits the sign slot.
 * - A word that really ends in a suffix word («pan en»?) still matches: when the name without the
 *   suffix matches no word but the whole name does, the whole name wins (with no suffix).
 * - Two words of the level that fold to the same name («papa» / «papá», «año» / «ano») are told
 *   apart by the exact spelling (accents and «ñ» kept); a mangled name that cannot tell them apart
 *   is not imported, with a reason, and the page warns about the pair up front.
 * - Two files for the same word and slot conflict: both are listed, neither is ticked, and ticking
 *   one unticks the others (`toggleSelection`). Nothing is guessed.
 * - Hidden files (`.DS_Store`, `._gato.png`, anything under `__MACOSX/`, `Thumbs.db`,
 *   `desktop.ini`) and folders are skipped silently.
 */
import { formatBytes as formatSize } from './bytes';
import { MEDIA_SLOTS, kindOfFile, tipoFor, type MediaKind, type MediaSlot } from './mediaSlots';

type SlotName = MediaSlot['descripcion'];
export type Tipo = 'imagen' | 'audio' | 'video' | 'gif';

/** Limits of one import (the server refuses files over MAX_UPLOAD_MB, 25 MB by default). */
export const IMPORT_LIMITS = {
  /** Largest single file, dropped or inside a zip. */
  maxFileBytes: 25 * 1024 * 1024,
  /** Most files (not counting folders and hidden files) one zip may hold. */
  maxZipEntries: 200,
  /** Most bytes one zip may unpack to, all files together (the browser holds them in memory). */
  maxZipBytes: 500 * 1024 * 1024,
} as const;

/** What a file is, for the slot rules (an .m4a is audio although its kind is mp4). */
type FileClass = 'gif' | 'image' | 'video' | 'audio';
type Suffix = 'es' | 'en' | 'menu' | 'sena';

/** The suffixes, folded, as the last part of a name (`gato-es`, `gato_en`, `gato-seña`). */
const SUFFIXES: Record<string, Suffix> = { es: 'es', en: 'en', menu: 'menu', sena: 'sena' };

const SLOT_BY: Record<FileClass, Record<Suffix | 'none', SlotName>> = {
  gif: { none: 'gifSena', es: 'imgEspanol', en: 'imgIngles', menu: 'gifmenu', sena: 'gifSena' },
  video: { none: 'gifSena', es: 'imgEspanol', en: 'imgIngles', menu: 'gifmenu', sena: 'gifSena' },
  image: { none: 'imgEspanol', es: 'imgEspanol', en: 'imgIngles', menu: 'gifmenu', sena: 'gifSena' },
  audio: { none: 'audioEspanol', es: 'audioEspanol', en: 'audioIngles', menu: 'gifmenu', sena: 'gifSena' },
};

/** Which classes of file each slot takes (stricter than the kinds: no M4A in the sign slot). */
const SLOT_CLASSES: Record<SlotName, readonly FileClass[]> = {
  gifSena: ['gif', 'video'],
  gifmenu: ['gif'],
  imgEspanol: ['image', 'gif'],
  imgIngles: ['image', 'gif'],
  audioEspanol: ['audio'],
  audioIngles: ['audio'],
};

const EXTENSIONS: Record<string, FileClass> = {
  gif: 'gif',
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  mp4: 'video',
  webm: 'video',
  mp3: 'audio',
  ogg: 'audio',
  oga: 'audio',
  wav: 'audio',
  m4a: 'audio',
};

const SEPARATORS = /[\s_.-]+/u;

/** Lower case, NFC, accents and «ñ» kept: the exact spelling of a word or a name part. */
export function exactKey(text: string): string {
  return text.normalize('NFC').toLowerCase().split(SEPARATORS).map(keepLettersAndDigits).join('');
}

/** Lower case, accents removed (NFD), «ñ» → «n», separators and punctuation dropped. */
export function foldKey(text: string): string {
  return exactKey(text)
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .normalize('NFC');
}

function keepLettersAndDigits(part: string): string {
  return part.replace(/[^\p{L}\p{M}\p{N}]+/gu, '');
}

/** The last part of a path, whatever the separator (zips made on Windows may use «\»). */
export function baseName(path: string): string {
  const parts = path.split(/[\\/]/);
  return parts[parts.length - 1] ?? '';
}

/** Folders, and files that are not content (system leftovers, hidden files): skipped silently. */
export function isSkippedEntry(path: string): boolean {
  if (path === '' || /[\\/]$/.test(path)) return true;
  const parts = path.split(/[\\/]/);
  if (parts.some((p) => p === '__MACOSX' || (p.startsWith('.') && p !== '.' && p !== '..'))) return true;
  const base = (parts[parts.length - 1] ?? '').toLowerCase();
  return base === 'thumbs.db' || base === 'desktop.ini' || base === '';
}

/**
 * Zip entry names are UTF-8 only when the zip says so; fflate reads the others byte by byte
 * (Latin-1). Many tools write UTF-8 without saying so (so «niño» arrives as «niÃ±o»), and Windows'
 * own zip writes the DOS code page 850 (so it arrives as «ni¤o»). This puts both back; a name that
 * is neither stays as it is.
 */
export function repairZipName(name: string): string {
  // Anything above U+00FF was decoded as UTF-8 already; pure ASCII needs nothing.
  if (/[^\p{ASCII}\u0080-\u00ff]/u.test(name) || !/[\u0080-\u00ff]/u.test(name)) return name;
  const bytes = Uint8Array.from(name, (c) => c.charCodeAt(0));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    /* not UTF-8 */
  }
  // Code page 850 puts the Spanish letters at 0x80–0xA5, which read as Latin-1 are control
  // characters and ¡¢£¤¥ — never in a real name (¡ alone is left alone: «¡hola!.png» is real).
  if (!/[\u0080-\u00a0\u00a2-\u00a5]/u.test(name)) return name;
  return Array.from(bytes, (b) => (b < 0x80 ? String.fromCharCode(b) : CP850_HIGH[b - 0x80])).join('');
}

const CP850_HIGH =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜø£Ø×ƒáíóúñÑªº¿®¬½¼¡«»░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐└┴┬├─┼ãÃ╚╔╩╦╠═╬¤ðÐÊËÈıÍÎÏ┘┌█▄¦Ì▀ÓßÔÒõÕµþÞÚÛÙýÝ¯´\u00ad±‗¾¶§÷¸°¨·¹³²■\u00a0'.split('');

interface ParsedName {
  /** The file's own name (no folders). */
  base: string;
  /** Its extension, lower case, without the dot ('' when none). */
  ext: string;
  /** The name without extension, as written. */
  stem: string;
  /** What the file is, or null when the import does not take it. */
  cls: FileClass | null;
  kind: MediaKind | null;
  /** Ways to read the stem, most likely first: with the suffix taken off (when it has one), then whole. */
  readings: { suffix: Suffix | null; key: string; exact: string; shown: string }[];
}

/** A file's class and kind from its extension, else from its MIME type (a dropped file without extension). */
export function classify(name: string, mime = ''): { cls: FileClass | null; kind: MediaKind | null; ext: string; hasMediaExt: boolean } {
  const ext = /\.([^.\\/]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
  const byExt = EXTENSIONS[ext];
  if (byExt) return { cls: byExt, kind: kindOfFile(name), ext, hasMediaExt: true };
  const kind = kindOfFile('', mime);
  const m = mime.toLowerCase();
  let cls: FileClass | null = null;
  if (kind === 'gif') cls = 'gif';
  else if (kind === 'png' || kind === 'jpeg') cls = 'image';
  else if (kind === 'mp3' || kind === 'ogg' || kind === 'wav' || (kind === 'mp4' && m.startsWith('audio/'))) cls = 'audio';
  else if (kind === 'mp4' || kind === 'webm') cls = 'video';
  // A name like «sr.gato» with an image MIME type: the «extension» was part of the name.
  return { cls, kind: cls ? kind : null, ext, hasMediaExt: false };
}

export function parseFileName(path: string, mime = ''): ParsedName {
  const base = baseName(path);
  const c = classify(base, mime);
  const stem = c.hasMediaExt || (!c.cls && c.ext) ? base.slice(0, base.length - c.ext.length - 1) : base;
  // «gato (1).png», a second download of the same file, is still «gato».
  const nfc = stem.normalize('NFC');
  const clean = nfc.replace(/\s*\(\d+\)\s*$/u, '') || nfc;
  const readings: ParsedName['readings'] = [];
  const m = /^(.*?)[\s_.-]+([^\s_.-]+)[\s_.-]*$/u.exec(clean);
  const suffix = m ? SUFFIXES[foldKey(m[2]!)] : undefined;
  if (m && suffix && foldKey(m[1]!)) readings.push({ suffix, key: foldKey(m[1]!), exact: exactKey(m[1]!), shown: m[1]! });
  readings.push({ suffix: null, key: foldKey(clean), exact: exactKey(clean), shown: clean });
  return { base, ext: c.ext, stem, cls: c.cls, kind: c.kind, readings };
}

export interface ImportWord {
  id_palabra: number;
  palabraEspanol: string;
  palabraIngles: string;
}

export interface ExistingMedia {
  id: number;
  descripcion: string;
  tipo: string;
  id_palabra: number;
}

interface WordIndex {
  es: Map<string, ImportWord[]>;
  en: Map<string, ImportWord[]>;
  /** Words of the level that only their accents or «ñ» tell apart, for the page's warning. */
  warnings: string[];
}

export function indexWords(words: readonly ImportWord[]): WordIndex {
  const es = new Map<string, ImportWord[]>();
  const en = new Map<string, ImportWord[]>();
  const add = (map: Map<string, ImportWord[]>, key: string, w: ImportWord) => {
    if (!key) return;
    const list = map.get(key) ?? [];
    if (!list.includes(w)) list.push(w);
    map.set(key, list);
  };
  for (const w of words) {
    add(es, foldKey(w.palabraEspanol), w);
    add(en, foldKey(w.palabraIngles), w);
  }
  const warnings: string[] = [];
  for (const list of es.values()) {
    if (list.length < 2) continue;
    const names = list.map((w) => `«${w.palabraEspanol}»`);
    const exact = new Set(list.map((w) => exactKey(w.palabraEspanol)));
    warnings.push(
      exact.size === list.length
        ? `${joinList(names)} solo se distinguen por las tildes o la «ñ»: nombra sus archivos con la palabra exacta, con tildes y «ñ».`
        : `${joinList(names)} se escriben igual: sus archivos no se pueden importar por nombre.`,
    );
  }
  return { es, en, warnings };
}

export type ImportItem = MatchedItem | UnmatchedItem;

interface ItemBase {
  /** Position in the list given to planImport. */
  index: number;
  /** The file's own name (no folders). */
  name: string;
  size: number;
}

export interface MatchedItem extends ItemBase {
  status: 'match';
  word: ImportWord;
  slot: MediaSlot;
  tipo: Tipo;
  /** The slot's current row, which the import replaces (PUT); null = a new row (POST). */
  replaces: ExistingMedia | null;
  /** Found by the English word (no Spanish word has that name). */
  byEnglish: boolean;
  /** Files (other than this one) that go to the same word and slot; non-empty = a conflict. */
  conflictsWith: number[];
  /** `${id_palabra}:${descripcion}`. */
  target: string;
}

export interface UnmatchedItem extends ItemBase {
  status: 'nomatch';
  reason: string;
}

interface ImportFileInfo {
  /** The name with any folders (`fotos/gato.png`), or just the name. */
  path: string;
  size: number;
  mime?: string;
}

export interface ImportPlan {
  /** One per file, in the given order, hidden files left out. */
  items: ImportItem[];
  /** Level-wide warnings (words only accents tell apart). */
  warnings: string[];
}

/** «3 KB», «1,3 MB»; `up` rounds up, so a file just over a limit never reads as the limit. */
export const formatBytes = (n: number, up = false): string => formatSize(n, { up });

function joinList(names: string[], last = 'y'): string {
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} ${last} ${names[names.length - 1]}`;
}

type WordLookup = { word: ImportWord; byEnglish: boolean } | { ambiguous: ImportWord[] } | null;

function lookup(index: WordIndex, key: string, exact: string): WordLookup {
  if (!key) return null;
  for (const [map, byEnglish] of [
    [index.es, false],
    [index.en, true],
  ] as const) {
    const found = map.get(key);
    if (!found?.length) continue;
    if (found.length === 1) return { word: found[0]!, byEnglish };
    const spelled = (w: ImportWord) => exactKey(byEnglish ? w.palabraIngles : w.palabraEspanol);
    const same = found.filter((w) => spelled(w) === exact);
    if (same.length === 1) return { word: same[0]!, byEnglish };
    return { ambiguous: found };
  }
  return null;
}

/** One file against the level's words and current media (conflicts are filled in by planImport). */
export function matchFile(file: ImportFileInfo, index: WordIndex, existing: readonly ExistingMedia[], position = 0): ImportItem {
  const p = parseFileName(file.path, file.mime);
  const base = { index: position, name: p.base, size: file.size };
  const no = (reason: string): UnmatchedItem => ({ ...base, status: 'nomatch', reason });
  if (!p.cls || !p.kind) return no(p.ext ? `Tipo de archivo no admitido: .${p.ext}` : 'Tipo de archivo no admitido: el archivo no tiene extensión.');
  if (file.size > IMPORT_LIMITS.maxFileBytes) return no(`Pesa ${formatBytes(file.size, true)}: el máximo es ${formatBytes(IMPORT_LIMITS.maxFileBytes)}.`);
  if (file.size === 0) return no('El archivo está vacío.');
  let found: { word: ImportWord; byEnglish: boolean; suffix: Suffix | null } | null = null;
  for (const r of p.readings) {
    const hit = lookup(index, r.key, r.exact);
    if (!hit) continue;
    if ('ambiguous' in hit) {
      const names = hit.ambiguous.map((w) => `«${w.palabraEspanol}»`);
      return no(`«${r.shown}» puede ser ${joinList(names, 'o')}: renombra el archivo con la palabra exacta.`);
    }
    found = { ...hit, suffix: r.suffix };
    break;
  }
  if (!found) return no(`No hay ninguna palabra «${p.readings[0]!.shown}» en este nivel.`);
  const slotName = SLOT_BY[p.cls][found.suffix ?? 'none'];
  const slot = MEDIA_SLOTS.find((s) => s.descripcion === slotName)!;
  const tipo = SLOT_CLASSES[slotName].includes(p.cls) ? tipoFor(slot, p.kind) : null;
  const shownExt = (p.ext || p.kind).toUpperCase();
  if (!tipo) return no(`«${slot.label}» no admite archivos ${shownExt}: admite ${slot.accepts}.`);
  const word = found.word;
  const current = existing.filter((m) => m.id_palabra === word.id_palabra && m.descripcion === slotName).sort((a, b) => a.id - b.id)[0] ?? null;
  return {
    ...base,
    status: 'match',
    word,
    slot,
    tipo,
    replaces: current,
    byEnglish: found.byEnglish,
    conflictsWith: [],
    target: `${word.id_palabra}:${slotName}`,
  };
}

/** Every file of a drop against the level: hidden files left out, conflicts marked. */
export function planImport(files: readonly ImportFileInfo[], words: readonly ImportWord[], existing: readonly ExistingMedia[]): ImportPlan {
  const index = indexWords(words);
  const items: ImportItem[] = [];
  files.forEach((f, i) => {
    if (!isSkippedEntry(f.path)) items.push(matchFile(f, index, existing, i));
  });
  const byTarget = new Map<string, MatchedItem[]>();
  for (const it of items) {
    if (it.status !== 'match') continue;
    byTarget.set(it.target, [...(byTarget.get(it.target) ?? []), it]);
  }
  for (const group of byTarget.values()) {
    if (group.length < 2) continue;
    for (const it of group) it.conflictsWith = group.filter((o) => o !== it).map((o) => o.index);
  }
  return { items, warnings: index.warnings };
}

/** What is ticked before the user touches anything: every match that has no conflict. */
export function defaultSelection(plan: ImportPlan): Set<number> {
  return new Set(plan.items.filter((it) => it.status === 'match' && it.conflictsWith.length === 0).map((it) => it.index));
}

/** Ticks or unticks one file; ticking a file of a conflict unticks the others of its group. */
export function toggleSelection(plan: ImportPlan, selected: ReadonlySet<number>, index: number): Set<number> {
  const next = new Set(selected);
  const item = plan.items.find((it) => it.index === index);
  if (!item || item.status !== 'match') return next;
  if (next.has(index)) next.delete(index);
  else {
    next.add(index);
    for (const o of item.conflictsWith) next.delete(o);
  }
  return next;
}

/**
 * The selection after more files were added (files from `firstNew` on are new): earlier choices
 * stay, new files get the default, and a conflict group a new file joined is unticked whole, so
 * the user chooses again knowing every candidate.
 */
export function mergeSelection(plan: ImportPlan, previous: ReadonlySet<number>, firstNew: number): Set<number> {
  const defaults = defaultSelection(plan);
  const next = new Set<number>();
  for (const it of plan.items) {
    if (it.status !== 'match') continue;
    if (it.index < firstNew ? previous.has(it.index) : defaults.has(it.index)) next.add(it.index);
  }
  for (const it of plan.items) {
    if (it.status !== 'match' || it.index < firstNew || it.conflictsWith.length === 0) continue;
    next.delete(it.index);
    for (const o of it.conflictsWith) next.delete(o);
  }
  return next;
}

/** The conflict message of a file (null when it has none), naming the files that want its slot. */
export function conflictMessage(plan: ImportPlan, item: ImportItem): string | null {
  if (item.status !== 'match' || item.conflictsWith.length === 0) return null;
  const names = [item, ...item.conflictsWith.map((i) => plan.items.find((it) => it.index === i)!)].map((it) => `«${it.name}»`);
  const what = item.slot.descripcion === 'gifSena' ? 'a la misma seña' : `al mismo «${item.slot.label}»`;
  return `${joinList(names)} van ${what} de «${item.word.palabraEspanol}»: se usará solo el que marques.`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * «5 archivos coinciden con 3 palabras · 2 sin coincidencia · 2 en conflicto: marca uno de cada
 * grupo». With the selection, a conflict group with one file ticked no longer counts.
 */
export function summaryLine(plan: ImportPlan, selected?: ReadonlySet<number>): string {
  const matched = plan.items.filter((it): it is MatchedItem => it.status === 'match');
  const words = new Set(matched.map((it) => it.word.id_palabra)).size;
  const none = plan.items.length - matched.length;
  const conflicts = matched.filter((it) => it.conflictsWith.length > 0 && !(selected && [it.index, ...it.conflictsWith].some((i) => selected.has(i)))).length;
  const parts = [
    matched.length === 0
      ? 'Ningún archivo coincide con las palabras del nivel'
      : `${plural(matched.length, 'archivo coincide', 'archivos coinciden')} con ${plural(words, 'palabra', 'palabras')}`,
  ];
  if (none > 0) parts.push(`${none} sin coincidencia`);
  if (conflicts > 0) parts.push(`${conflicts} en conflicto: marca uno de cada grupo`);
  return parts.join(' · ');
}

/** «Importar 1 archivo» / «Importar 5 archivos». */
export function importButtonLabel(n: number): string {
  return `Importar ${plural(n, 'archivo', 'archivos')}`;
}

/** The entries of a zip to unpack, or why the whole zip is refused (before anything is unpacked). */
export function checkZipEntries(zipName: string, entries: readonly { name: string; originalSize: number }[]): string | null {
  const files = entries.filter((e) => !isSkippedEntry(e.name));
  if (files.length > IMPORT_LIMITS.maxZipEntries) {
    return `«${zipName}» tiene ${files.length} archivos: el máximo es ${IMPORT_LIMITS.maxZipEntries} por zip. Divídelo en varios zips.`;
  }
  const total = files.reduce((s, e) => s + e.originalSize, 0);
  if (total > IMPORT_LIMITS.maxZipBytes) {
    return `«${zipName}» ocupa ${formatBytes(total)} descomprimido: el máximo es ${formatBytes(IMPORT_LIMITS.maxZipBytes)} por zip. Divídelo en varios zips.`;
  }
  return null;
}

/** Whether an entry is worth unpacking (the others are listed with their reason without their bytes). */
export function worthUnpacking(name: string, originalSize: number): boolean {
  return !isSkippedEntry(name) && !!parseFileName(name).cls && originalSize > 0 && originalSize <= IMPORT_LIMITS.maxFileBytes;
}

/** MIME type to give an unpacked file (zips carry none). */
export function mimeFor(name: string): string {
  const c = classify(baseName(name));
  if (!c.cls) return 'application/octet-stream';
  const ext = c.ext;
  if (ext === 'm4a') return 'audio/mp4';
  if (ext === 'mp3') return 'audio/mpeg';
  if (ext === 'ogg' || ext === 'oga') return 'audio/ogg';
  if (ext === 'wav') return 'audio/wav';
  if (ext === 'jpg' || ext === 'jpeg') return 'image/jpeg';
  if (ext === 'png') return 'image/png';
  if (ext === 'gif') return 'image/gif';
  if (ext === 'mp4') return 'video/mp4';
  if (ext === 'webm') return 'video/webm';
  return 'application/octet-stream';
}
