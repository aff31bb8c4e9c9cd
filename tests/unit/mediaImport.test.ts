import { describe, expect, it } from 'vitest';
import { zipSync } from 'fflate';
import { mergeSources, readDropped, releaseSources } from '../../src/client/admin/import/readFiles';
import {
  IMPORT_LIMITS,
  baseName,
  checkZipEntries,
  classify,
  conflictMessage,
  defaultSelection,
  exactKey,
  foldKey,
  formatBytes,
  importButtonLabel,
  indexWords,
  mergeSelection,
  isSkippedEntry,
  matchFile,
  mimeFor,
  parseFileName,
  planImport,
  repairZipName,
  summaryLine,
  toggleSelection,
  worthUnpacking,
  type ExistingMedia,
  type ImportItem,
  type ImportWord,
  type MatchedItem,
  type UnmatchedItem,
} from '../../src/shared/rules/mediaImport';

const W = (id: number, es: string, en: string): ImportWord => ({ id_palabra: id, palabraEspanol: es, palabraIngles: en });
const GATO = W(1, 'Gato', 'Cat');
const NINO = W(2, 'Niño', 'Boy');
const OSO = W(3, 'Oso hormiguero', 'Anteater');
const ARBOL = W(4, 'Árbol', 'Tree');
const WORDS = [GATO, NINO, OSO, ARBOL];

const KB = 1024;
const one = (path: string, opts: { size?: number; mime?: string; words?: ImportWord[]; existing?: ExistingMedia[] } = {}): ImportItem =>
  matchFile({ path, size: opts.size ?? 10 * KB, mime: opts.mime }, indexWords(opts.words ?? WORDS), opts.existing ?? []);
const match = (path: string, opts?: Parameters<typeof one>[1]): MatchedItem => {
  const r = one(path, opts);
  if (r.status !== 'match') throw new Error(`${path}: ${r.reason}`);
  return r;
};
const reason = (path: string, opts?: Parameters<typeof one>[1]): string => {
  const r = one(path, opts);
  if (r.status !== 'nomatch') throw new Error(`${path} matched ${r.word.palabraEspanol}/${r.slot.descripcion}`);
  return r.reason;
};
const target = (path: string, opts?: Parameters<typeof one>[1]) => {
  const m = match(path, opts);
  return `${m.word.palabraEspanol}/${m.slot.descripcion}/${m.tipo}`;
};

describe('name folding', () => {
  it('ignores case, accents, ñ, spaces, hyphens, underscores, dots and punctuation', () => {
    expect(foldKey('Árbol')).toBe('arbol');
    expect(foldKey('NIÑO')).toBe('nino');
    expect(foldKey('niño')).toBe(foldKey('nino'));
    expect(foldKey('Oso hormiguero')).toBe('osohormiguero');
    expect(foldKey('oso_hormiguero')).toBe('osohormiguero');
    expect(foldKey('oso-hormiguero')).toBe('osohormiguero');
    expect(foldKey('¡Hola!')).toBe('hola');
    expect(foldKey('pingüino')).toBe('pinguino');
  });
  it('treats decomposed (macOS) and composed spellings alike', () => {
    const nfd = 'nin\u0303o';
    expect(foldKey(nfd)).toBe('nino');
    expect(exactKey(nfd)).toBe(exactKey('niño'));
  });
  it('the exact key keeps accents and ñ', () => {
    expect(exactKey('Papá')).toBe('papá');
    expect(exactKey('Año nuevo')).toBe('añonuevo');
    expect(exactKey('papa')).not.toBe(exactKey('papá'));
  });
});

describe('file names', () => {
  it('only the base name counts, whatever the folder separator', () => {
    expect(baseName('fotos/animales/gato.png')).toBe('gato.png');
    expect(baseName('fotos\\gato.png')).toBe('gato.png');
    expect(target('Nivel 1/fotos/gato.png')).toBe('Gato/imgEspanol/imagen');
  });
  it('skips folders and hidden or system files', () => {
    for (const p of [
      '__MACOSX/._gato.png',
      '__MACOSX/fotos/gato.png',
      '.DS_Store',
      'fotos/.DS_Store',
      '._gato.png',
      '.gato.png',
      'fotos/',
      'Thumbs.db',
      'x/desktop.ini',
      '',
      '.git/config',
    ]) {
      expect(isSkippedEntry(p), p).toBe(true);
    }
    for (const p of ['gato.png', 'fotos/gato.png', 'gato.v2.png', './gato.png']) expect(isSkippedEntry(p), p).toBe(false);
  });
  it('classifies by extension, else by MIME type', () => {
    expect(classify('gato.GIF')).toMatchObject({ cls: 'gif', kind: 'gif' });
    expect(classify('gato.jpeg')).toMatchObject({ cls: 'image', kind: 'jpeg' });
    expect(classify('gato.m4a')).toMatchObject({ cls: 'audio', kind: 'mp4' });
    expect(classify('gato.mp4')).toMatchObject({ cls: 'video', kind: 'mp4' });
    expect(classify('gato.oga')).toMatchObject({ cls: 'audio', kind: 'ogg' });
    expect(classify('gato', 'image/png')).toMatchObject({ cls: 'image', kind: 'png' });
    expect(classify('gato', 'audio/mp4')).toMatchObject({ cls: 'audio', kind: 'mp4' });
    expect(classify('gato', 'video/mp4')).toMatchObject({ cls: 'video', kind: 'mp4' });
    expect(classify('gato.webp', 'image/webp')).toMatchObject({ cls: null });
    expect(classify('gato.txt', 'text/plain')).toMatchObject({ cls: null, ext: 'txt' });
  });
  it('reads a suffix only as the last part after a separator', () => {
    expect(parseFileName('gato-es.mp3').readings.map((r) => [r.suffix, r.key])).toEqual([
      ['es', 'gato'],
      [null, 'gatoes'],
    ]);
    expect(parseFileName('gato_EN.png').readings[0]).toMatchObject({ suffix: 'en', key: 'gato' });
    expect(parseFileName('gato.es.mp3').readings[0]).toMatchObject({ suffix: 'es', key: 'gato' });
    expect(parseFileName('gato seña.gif').readings[0]).toMatchObject({ suffix: 'sena', key: 'gato' });
    expect(parseFileName('gatoes.mp3').readings).toHaveLength(1);
    expect(parseFileName('es.mp3').readings).toEqual([expect.objectContaining({ suffix: null, key: 'es' })]);
  });
  it('«gato (1).png», a second download, is still gato', () => {
    expect(target('gato (1).png')).toBe('Gato/imgEspanol/imagen');
    expect(target('gato-en (2).mp3')).toBe('Gato/audioIngles/audio');
  });
});

describe('slot rules', () => {
  it('no suffix: by kind', () => {
    expect(target('gato.gif')).toBe('Gato/gifSena/gif');
    expect(target('gato.mp4')).toBe('Gato/gifSena/video');
    expect(target('gato.webm')).toBe('Gato/gifSena/video');
    expect(target('gato.png')).toBe('Gato/imgEspanol/imagen');
    expect(target('gato.jpg')).toBe('Gato/imgEspanol/imagen');
    expect(target('gato.mp3')).toBe('Gato/audioEspanol/audio');
    expect(target('gato.ogg')).toBe('Gato/audioEspanol/audio');
    expect(target('gato.wav')).toBe('Gato/audioEspanol/audio');
    expect(target('gato.m4a')).toBe('Gato/audioEspanol/audio');
  });
  it('-es / _es: the Spanish picture or audio (a GIF becomes the picture)', () => {
    expect(target('gato-es.png')).toBe('Gato/imgEspanol/imagen');
    expect(target('gato_es.mp3')).toBe('Gato/audioEspanol/audio');
    expect(target('gato-es.gif')).toBe('Gato/imgEspanol/imagen');
  });
  it('-en: the English picture or audio', () => {
    expect(target('gato-en.png')).toBe('Gato/imgIngles/imagen');
    expect(target('gato-en.jpeg')).toBe('Gato/imgIngles/imagen');
    expect(target('gato-en.mp3')).toBe('Gato/audioIngles/audio');
    expect(target('gato-en.m4a')).toBe('Gato/audioIngles/audio');
    expect(target('gato-en.gif')).toBe('Gato/imgIngles/imagen');
  });
  it('-menu: the menu GIF; -sena / -seña: the sign', () => {
    expect(target('gato-menu.gif')).toBe('Gato/gifmenu/gif');
    expect(target('GATO_MENU.GIF')).toBe('Gato/gifmenu/gif');
    expect(target('gato-sena.gif')).toBe('Gato/gifSena/gif');
    expect(target('gato-seña.mp4')).toBe('Gato/gifSena/video');
    expect(target('gato-SEÑA.webm')).toBe('Gato/gifSena/video');
  });
  it('a file the slot does not take is refused with the slot and what it takes', () => {
    expect(reason('gato-menu.png')).toBe('«GIF del menú» no admite archivos PNG: admite GIF.');
    expect(reason('gato-menu.mp4')).toBe('«GIF del menú» no admite archivos MP4: admite GIF.');
    expect(reason('gato-sena.png')).toBe('«Seña (GIF o video)» no admite archivos PNG: admite GIF, MP4 o WEBM.');
    expect(reason('gato-sena.mp3')).toBe('«Seña (GIF o video)» no admite archivos MP3: admite GIF, MP4 o WEBM.');
    expect(reason('gato-seña.m4a')).toBe('«Seña (GIF o video)» no admite archivos M4A: admite GIF, MP4 o WEBM.');
    expect(reason('gato-es.mp4')).toBe('«Imagen (español)» no admite archivos MP4: admite JPG, PNG o GIF.');
    expect(reason('gato-en.webm')).toBe('«Imagen (inglés)» no admite archivos WEBM: admite JPG, PNG o GIF.');
  });
});

describe('word matching', () => {
  it('matches the Spanish word, folded', () => {
    expect(target('GATO.png')).toBe('Gato/imgEspanol/imagen');
    expect(target('nino.png')).toBe('Niño/imgEspanol/imagen');
    expect(target('niño.png')).toBe('Niño/imgEspanol/imagen');
    expect(target('arbol-en.mp3')).toBe('Árbol/audioIngles/audio');
    expect(target('oso_hormiguero.gif')).toBe('Oso hormiguero/gifSena/gif');
    expect(target('Oso Hormiguero-en.png')).toBe('Oso hormiguero/imgIngles/imagen');
    expect(target('osohormiguero.mp3')).toBe('Oso hormiguero/audioEspanol/audio');
  });
  it('falls back to the English word; the slot still comes from the suffix only', () => {
    const m = match('cat.png');
    expect(m.word).toBe(GATO);
    expect(m.byEnglish).toBe(true);
    expect(m.slot.descripcion).toBe('imgEspanol');
    expect(target('cat-en.mp3')).toBe('Gato/audioIngles/audio');
    expect(target('ANTEATER.gif')).toBe('Oso hormiguero/gifSena/gif');
    expect(match('gato.png').byEnglish).toBe(false);
  });
  it('Spanish wins over English', () => {
    const words = [W(1, 'Sol', 'Sun'), W(2, 'Sun', 'Dom')];
    expect(match('sun.png', { words }).word.id_palabra).toBe(2);
    expect(match('sol.png', { words }).word.id_palabra).toBe(1);
  });
  it('no word: the reason names what was looked for, without suffix', () => {
    expect(reason('zorro.png')).toBe('No hay ninguna palabra «zorro» en este nivel.');
    expect(reason('fotos/Zorro-ES.png')).toBe('No hay ninguna palabra «Zorro» en este nivel.');
    expect(reason('gatito.gif')).toBe('No hay ninguna palabra «gatito» en este nivel.');
  });
  it('a word that really ends in a suffix word still matches whole', () => {
    const words = [W(1, 'Pan en', 'Bread in'), W(2, 'Gato', 'Cat')];
    expect(target('pan-en.png', { words })).toBe('Pan en/imgEspanol/imagen');
    expect(target('pan-en-en.png', { words })).toBe('Pan en/imgIngles/imagen');
    // ...but the suffix reading comes first when both exist.
    const both = [W(1, 'Pan', 'Bread'), W(2, 'Pan en', 'x')];
    expect(target('pan-en.png', { words: both })).toBe('Pan/imgIngles/imagen');
  });
  it('words that fold alike are told apart by the exact spelling, else refused', () => {
    const words = [W(1, 'papa', 'potato'), W(2, 'papá', 'dad'), W(3, 'año', 'year'), W(4, 'ano', 'anus')];
    expect(match('papa.png', { words }).word.id_palabra).toBe(1);
    expect(match('papá.png', { words }).word.id_palabra).toBe(2);
    expect(match('Papá-en.mp3', { words }).word.id_palabra).toBe(2);
    expect(match('año.png', { words }).word.id_palabra).toBe(3);
    expect(match('ano.png', { words }).word.id_palabra).toBe(4);
    // A mangled name fits neither exactly.
    expect(reason('pápa.png', { words })).toBe('«pápa» puede ser «papa» o «papá»: renombra el archivo con la palabra exacta.');
    const warnings = indexWords(words).warnings;
    expect(warnings).toEqual([
      '«papa» y «papá» solo se distinguen por las tildes o la «ñ»: nombra sus archivos con la palabra exacta, con tildes y «ñ».',
      '«año» y «ano» solo se distinguen por las tildes o la «ñ»: nombra sus archivos con la palabra exacta, con tildes y «ñ».',
    ]);
  });
  it('words spelt the same (but for spaces) cannot be imported by name', () => {
    const words = [W(1, 'arco iris', 'rainbow'), W(2, 'arcoiris', 'rainbow 2')];
    expect(indexWords(words).warnings).toEqual(['«arco iris» y «arcoiris» se escriben igual: sus archivos no se pueden importar por nombre.']);
    expect(reason('arco-iris.png', { words })).toBe('«arco-iris» puede ser «arco iris» o «arcoiris»: renombra el archivo con la palabra exacta.');
    const same = [W(1, 'Gato', 'cat'), W(2, 'gato ', 'kitty')];
    expect(indexWords(same).warnings).toEqual(['«Gato» y «gato » se escriben igual: sus archivos no se pueden importar por nombre.']);
  });
  it('a level without words matches nothing', () => {
    expect(reason('gato.png', { words: [] })).toBe('No hay ninguna palabra «gato» en este nivel.');
  });
});

describe('files refused before matching', () => {
  it('unsupported types, with the extension', () => {
    expect(reason('gato.txt')).toBe('Tipo de archivo no admitido: .txt');
    expect(reason('gato.webp')).toBe('Tipo de archivo no admitido: .webp');
    expect(reason('otros.zip')).toBe('Tipo de archivo no admitido: .zip');
    expect(reason('gato')).toBe('Tipo de archivo no admitido: el archivo no tiene extensión.');
  });
  it('a dropped file without extension but with a media MIME type is taken', () => {
    expect(target('gato', { mime: 'image/png' })).toBe('Gato/imgEspanol/imagen');
  });
  it('too large or empty', () => {
    expect(reason('gato.mp4', { size: 30 * 1024 * 1024 })).toBe('Pesa 30 MB: el máximo es 25 MB.');
    expect(reason('gato.mp4', { size: 25.5 * 1024 * 1024 })).toBe('Pesa 25,5 MB: el máximo es 25 MB.');
    expect(one('gato.mp4', { size: IMPORT_LIMITS.maxFileBytes }).status).toBe('match');
    expect(reason('gato.png', { size: 0 })).toBe('El archivo está vacío.');
  });
});

describe('existing media', () => {
  const existing: ExistingMedia[] = [
    { id: 9, descripcion: 'gifSena', tipo: 'gif', id_palabra: 1 },
    { id: 7, descripcion: 'gifSena', tipo: 'video', id_palabra: 1 },
    { id: 8, descripcion: 'imgEspanol', tipo: 'imagen', id_palabra: 2 },
  ];
  it('a slot with a row is replaced (its first row), else new', () => {
    expect(match('gato.mp4', { existing }).replaces?.id).toBe(7);
    expect(match('gato.png', { existing }).replaces).toBeNull();
    expect(match('nino.png', { existing }).replaces?.id).toBe(8);
    expect(match('nino-en.png', { existing }).replaces).toBeNull();
  });
});

describe('planImport', () => {
  const files = [
    { path: 'nivel/gato.gif', size: 1000 },
    { path: '__MACOSX/nivel/._gato.gif', size: 100 },
    { path: 'nivel/gato.png', size: 2000 },
    { path: 'nivel/nino-es.mp3', size: 3000 },
    { path: 'nivel/zorro.png', size: 4000 },
    { path: 'nivel/.DS_Store', size: 10 },
    { path: 'nivel/notas.txt', size: 10 },
  ];
  it("leaves hidden files out and keeps each file's position", () => {
    const plan = planImport(files, WORDS, []);
    expect(plan.items.map((it) => [it.index, it.name, it.status])).toEqual([
      [0, 'gato.gif', 'match'],
      [2, 'gato.png', 'match'],
      [3, 'nino-es.mp3', 'match'],
      [4, 'zorro.png', 'nomatch'],
      [6, 'notas.txt', 'nomatch'],
    ]);
    expect(summaryLine(plan)).toBe('3 archivos coinciden con 2 palabras · 2 sin coincidencia');
    expect([...defaultSelection(plan)]).toEqual([0, 2, 3]);
    expect((plan.items[3] as UnmatchedItem).reason).toBe('No hay ninguna palabra «zorro» en este nivel.');
  });
  it('two files for one word and slot conflict: neither is ticked until one is chosen', () => {
    const plan = planImport(
      [
        { path: 'gato.gif', size: 1 },
        { path: 'gato.mp4', size: 1 },
        { path: 'otra/gato-seña.gif', size: 1 },
        { path: 'gato.png', size: 1 },
      ],
      WORDS,
      [],
    );
    const [gif, mp4, sena, png] = plan.items as MatchedItem[];
    expect(gif!.conflictsWith).toEqual([1, 2]);
    expect(mp4!.conflictsWith).toEqual([0, 2]);
    expect(png!.conflictsWith).toEqual([]);
    expect(conflictMessage(plan, gif!)).toBe('«gato.gif», «gato.mp4» y «gato-seña.gif» van a la misma seña de «Gato»: se usará solo el que marques.');
    expect(conflictMessage(plan, png!)).toBeNull();
    expect(summaryLine(plan)).toBe('4 archivos coinciden con 1 palabra · 3 en conflicto: marca uno de cada grupo');
    let sel = defaultSelection(plan);
    expect([...sel]).toEqual([3]);
    expect(summaryLine(plan, sel)).toBe('4 archivos coinciden con 1 palabra · 3 en conflicto: marca uno de cada grupo');
    sel = toggleSelection(plan, sel, 1);
    expect([...sel].sort()).toEqual([1, 3]);
    expect(summaryLine(plan, sel)).toBe('4 archivos coinciden con 1 palabra');
    sel = toggleSelection(plan, sel, 2);
    expect([...sel].sort()).toEqual([2, 3]);
    sel = toggleSelection(plan, sel, 2);
    expect([...sel].sort()).toEqual([3]);
    sel = toggleSelection(plan, sel, 3);
    expect([...sel]).toEqual([]);
    expect(sena!.name).toBe('gato-seña.gif');
  });
  it('adding files keeps earlier choices, ticks new matches, and unticks a group that now conflicts', () => {
    const first = planImport(
      [
        { path: 'gato.png', size: 1 },
        { path: 'nino.png', size: 1 },
        { path: 'arbol.png', size: 1 },
      ],
      WORDS,
      [],
    );
    const chosen = toggleSelection(first, defaultSelection(first), 1); // the user unticks nino.png
    expect([...chosen].sort()).toEqual([0, 2]);
    const more = planImport(
      [
        { path: 'gato.png', size: 1 },
        { path: 'nino.png', size: 1 },
        { path: 'arbol.png', size: 1 },
        { path: 'otra/arbol.png', size: 2 },
        { path: 'gato-en.mp3', size: 1 },
        { path: 'zorro.png', size: 1 },
      ],
      WORDS,
      [],
    );
    expect([...mergeSelection(more, chosen, 3)].sort()).toEqual([0, 4]);
  });
  it('a conflict on another slot names the slot', () => {
    const plan = planImport(
      [
        { path: 'a/gato.png', size: 1 },
        { path: 'b/gato.png', size: 1 },
      ],
      WORDS,
      [],
    );
    expect(conflictMessage(plan, plan.items[0]!)).toBe('«gato.png» y «gato.png» van al mismo «Imagen (español)» de «Gato»: se usará solo el que marques.');
  });
  it('unmatched files cannot be ticked', () => {
    const plan = planImport([{ path: 'zorro.png', size: 1 }], WORDS, []);
    expect([...toggleSelection(plan, new Set(), 0)]).toEqual([]);
    expect(summaryLine(plan)).toBe('Ningún archivo coincide con las palabras del nivel · 1 sin coincidencia');
  });
  it('singular wording', () => {
    const plan = planImport([{ path: 'gato.png', size: 1 }], WORDS, []);
    expect(summaryLine(plan)).toBe('1 archivo coincide con 1 palabra');
    expect(importButtonLabel(1)).toBe('Importar 1 archivo');
    expect(importButtonLabel(5)).toBe('Importar 5 archivos');
  });
  it('carries the level warnings', () => {
    expect(planImport([], [W(1, 'papa', 'x'), W(2, 'papá', 'y')], []).warnings).toHaveLength(1);
  });
});

describe('zip entries', () => {
  it('repairs names written as UTF-8 without the flag, or in code page 850', () => {
    const utf8AsLatin1 = String.fromCharCode(...new TextEncoder().encode('niño-es.mp3'));
    expect(utf8AsLatin1).toBe('niÃ±o-es.mp3');
    expect(repairZipName(utf8AsLatin1)).toBe('niño-es.mp3');
    // «niño» in code page 850: ñ = 0xA4; «árbol»: á = 0xA0.
    expect(repairZipName('ni\u00a4o.png')).toBe('niño.png');
    expect(repairZipName('\u00a0rbol.png')).toBe('árbol.png');
    expect(repairZipName('ping\u0081ino.gif')).toBe('pingüino.gif');
  });
  it('leaves correct names alone', () => {
    for (const n of ['gato.png', 'niño.png', 'árbol.png', 'café-en.mp3', '¡hola!.png', 'fotos/año.gif', '日本.png']) expect(repairZipName(n)).toBe(n);
  });
  it('refuses zips with too many files or too many bytes, counting only real files', () => {
    const entries = (n: number, size = 10) => Array.from({ length: n }, (_, i) => ({ name: `f/${i}.png`, originalSize: size }));
    expect(checkZipEntries('a.zip', entries(200))).toBeNull();
    expect(checkZipEntries('a.zip', [...entries(200), { name: '__MACOSX/._x.png', originalSize: 1 }, { name: 'f/', originalSize: 0 }])).toBeNull();
    expect(checkZipEntries('a.zip', entries(201))).toBe('«a.zip» tiene 201 archivos: el máximo es 200 por zip. Divídelo en varios zips.');
    expect(checkZipEntries('b.zip', entries(30, 20 * 1024 * 1024))).toBe(
      '«b.zip» ocupa 600 MB descomprimido: el máximo es 500 MB por zip. Divídelo en varios zips.',
    );
  });
  it('unpacks only what can be imported', () => {
    expect(worthUnpacking('f/gato.png', 100)).toBe(true);
    expect(worthUnpacking('f/gato.txt', 100)).toBe(false);
    expect(worthUnpacking('__MACOSX/f/gato.png', 100)).toBe(false);
    expect(worthUnpacking('gato.mp4', IMPORT_LIMITS.maxFileBytes + 1)).toBe(false);
    expect(worthUnpacking('gato.mp4', 0)).toBe(false);
  });
  it('gives unpacked files a MIME type', () => {
    expect(mimeFor('a/gato.PNG')).toBe('image/png');
    expect(mimeFor('gato.m4a')).toBe('audio/mp4');
    expect(mimeFor('gato.mp4')).toBe('video/mp4');
    expect(mimeFor('gato.mp3')).toBe('audio/mpeg');
    expect(mimeFor('gato.txt')).toBe('application/octet-stream');
  });
});

describe('formatBytes', () => {
  it('in Spanish notation', () => {
    expect(formatBytes(500)).toBe('500 B');
    expect(formatBytes(1536)).toBe('2 KB');
    expect(formatBytes(100)).toBe('100 B');
    expect(formatBytes(1024 * 1024 * 1.25)).toBe('1,3 MB');
    expect(formatBytes(25 * 1024 * 1024)).toBe('25 MB');
    expect(formatBytes(25 * 1024 * 1024 + 1)).toBe('25 MB');
    expect(formatBytes(25 * 1024 * 1024 + 1, true)).toBe('25,1 MB');
    expect(formatBytes(1025, true)).toBe('2 KB');
  });
});

describe('reading dropped files and zips (src/client/admin/import/readFiles.ts)', () => {
  const bytes = (n: number, fill = 1) => new Uint8Array(n).fill(fill);
  const zipFile = (entries: Record<string, Uint8Array>, name = 'nivel.zip') =>
    new File([zipSync(entries, { level: 1 }) as BlobPart], name, { type: 'application/zip' });

  /** The same zip, but its names marked as not UTF-8 (as many tools write them). */
  function withoutUtf8Flag(zip: Uint8Array): Uint8Array {
    const out = zip.slice();
    const v = new DataView(out.buffer);
    for (let i = 0; i + 4 <= out.length; i++) {
      const sig = v.getUint32(i, true);
      if (sig === 0x04034b50) out[i + 7]! &= ~0x08;
      if (sig === 0x02014b50) out[i + 9]! &= ~0x08;
    }
    return out;
  }

  it('unpacks a zip: folders kept in the path, hidden files left out, refused types listed without their bytes', async () => {
    const read = await readDropped([
      zipFile({
        'fotos/gato.png': bytes(10),
        'audio/niño-en.mp3': bytes(20),
        '__MACOSX/fotos/._gato.png': bytes(4),
        'fotos/.DS_Store': bytes(4),
        'notas.txt': bytes(7),
      }),
    ]);
    expect(read.errors).toEqual([]);
    expect(read.files.map((f) => [f.path, f.size, f.mime, f.blob?.size ?? null, f.zip])).toEqual([
      ['fotos/gato.png', 10, 'image/png', 10, 'nivel.zip'],
      ['audio/niño-en.mp3', 20, 'audio/mpeg', 20, 'nivel.zip'],
      ['notas.txt', 7, 'application/octet-stream', null, 'nivel.zip'],
    ]);
    expect(read.files[0]!.previewUrl).toMatch(/^blob:/);
    expect(read.files[1]!.previewUrl).toBeNull();
    const plan = planImport(
      read.files.map((f) => ({ path: f.path, size: f.size, mime: f.mime })),
      WORDS,
      [],
    );
    expect(plan.items.map((it) => (it.status === 'match' ? `${it.word.palabraEspanol}/${it.slot.descripcion}` : it.reason))).toEqual([
      'Gato/imgEspanol',
      'Niño/audioIngles',
      'Tipo de archivo no admitido: .txt',
    ]);
    releaseSources(read.files);
  });

  it('reads names written as UTF-8 without saying so', async () => {
    const zip = withoutUtf8Flag(zipSync({ 'niño.png': bytes(5) }));
    const read = await readDropped([new File([zip as BlobPart], 'a.zip')]);
    expect(read.files.map((f) => f.path)).toEqual(['niño.png']);
  });

  it('does not unpack a file over the limit, and lists it with its size', async () => {
    const big = IMPORT_LIMITS.maxFileBytes + 1;
    const read = await readDropped([zipFile({ 'gato.mp4': new Uint8Array(big), 'gato.png': bytes(3) })]);
    expect(read.files.map((f) => [f.path, f.size, f.blob === null])).toEqual([
      ['gato.mp4', big, true],
      ['gato.png', 3, false],
    ]);
    expect(reason('gato.mp4', { size: read.files[0]!.size })).toBe('Pesa 25,1 MB: el máximo es 25 MB.');
  });

  it('refuses a zip with too many files, and a file that is not a zip; the other files still come in', async () => {
    const many: Record<string, Uint8Array> = {};
    for (let i = 0; i <= IMPORT_LIMITS.maxZipEntries; i++) many[`f/${i}.png`] = bytes(1);
    const read = await readDropped([
      zipFile(many, 'mucho.zip'),
      new File([bytes(50) as BlobPart], 'roto.zip', { type: 'application/zip' }),
      new File([bytes(9) as BlobPart], 'gato.gif', { type: 'image/gif' }),
      new File([bytes(9) as BlobPart], '.DS_Store'),
    ]);
    expect(read.errors).toEqual([
      '«mucho.zip» tiene 201 archivos: el máximo es 200 por zip. Divídelo en varios zips.',
      'No se pudo abrir «roto.zip»: el archivo está dañado o no es un zip.',
    ]);
    expect(read.files.map((f) => [f.path, f.zip, f.blob?.size])).toEqual([['gato.gif', null, 9]]);
  });

  it('a file dropped twice is kept once', async () => {
    const a = await readDropped([new File([bytes(4) as BlobPart], 'gato.png', { type: 'image/png' })]);
    const b = await readDropped([
      new File([bytes(4) as BlobPart], 'gato.png', { type: 'image/png' }),
      new File([bytes(5) as BlobPart], 'gato.gif', { type: 'image/gif' }),
    ]);
    const merged = mergeSources(a.files, b.files);
    expect(merged.files.map((f) => f.path)).toEqual(['gato.png', 'gato.gif']);
    expect(merged.dropped.map((f) => f.path)).toEqual(['gato.png']);
  });
});
