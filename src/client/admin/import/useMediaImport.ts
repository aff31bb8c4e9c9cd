/**
 * The import's state, apart from how it is shown: the files read (zips opened, previews made), the
 * plan that matches them to the level's words and slots, the selection, and the upload run (one
 * file at a time, PUT over the slot's row or POST, a failure not stopping the rest).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { defaultSelection, mergeSelection, planImport, toggleSelection, type MatchedItem } from '../../../shared/rules/mediaImport';
import { multimediaResource } from '../../../shared/resources/multimedia';
import { ApiError, upload } from '../../api/http';
import { MESSAGES } from '../messages';
import { mergeSources, readDropped, releaseSources, type SourceFile } from './readFiles';
import { useLevelMedia } from './useLevelMedia';
import { displayOrder, type RowResult } from './importRows';

type Phase = 'ready' | 'importing' | 'done';

/** POST api/multimedia/register and PUT api/multimedia/update/{id}, as the resource spells them. */
const CREATE_PATH = multimediaResource.paths.create ?? 'multimedia/register';
const UPDATE_PATH = multimediaResource.paths.update ?? 'multimedia/update/{id}';

export function useMediaImport(media: ReturnType<typeof useLevelMedia>) {
  const [sources, setSources] = useState<SourceFile[]>([]);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [readErrors, setReadErrors] = useState<string[]>([]);
  const [reading, setReading] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('ready');
  const [results, setResults] = useState<Map<number, RowResult>>(new Map());
  const [progress, setProgress] = useState<{ current: number; total: number; fraction: number; name: string } | null>(null);
  const doneRef = useRef<HTMLDivElement>(null);

  const plan = useMemo(
    () =>
      planImport(
        sources.map((s) => ({ path: s.path, size: s.size, mime: s.mime })),
        media.words,
        media.existing,
      ),
    [sources, media.words, media.existing],
  );
  const rows = useMemo(() => displayOrder(plan.items), [plan]);
  const importing = phase === 'importing';

  // The object URLs of the previews live as long as the list.
  const sourcesRef = useRef(sources);
  sourcesRef.current = sources;
  useEffect(() => () => releaseSources(sourcesRef.current), []);

  // Leaving the page in the middle of an import would cut it short: the browser asks first.
  useEffect(() => {
    if (!importing) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [importing]);

  const phaseRef = useRef(phase);
  phaseRef.current = phase;
  const mediaRef = useRef(media);
  mediaRef.current = media;

  const addFiles = useCallback(async (files: File[]) => {
    setReading(files.length === 1 ? `Leyendo «${files[0]!.name}»…` : `Leyendo ${files.length} archivos…`);
    try {
      const read = await readDropped(files);
      setReadErrors(read.errors);
      // A new batch after a finished import starts a new list.
      const restart = phaseRef.current === 'done';
      if (restart) releaseSources(sourcesRef.current);
      const base = restart ? [] : sourcesRef.current;
      const merged = mergeSources(base, read.files);
      releaseSources(merged.dropped);
      const { words, existing } = mediaRef.current;
      const nextPlan = planImport(
        merged.files.map((s) => ({ path: s.path, size: s.size, mime: s.mime })),
        words,
        existing,
      );
      sourcesRef.current = merged.files;
      setSources(merged.files);
      setSelected((prev) => (base.length === 0 ? defaultSelection(nextPlan) : mergeSelection(nextPlan, prev, base.length)));
      if (restart) {
        setResults(new Map());
        setPhase('ready');
        setProgress(null);
      }
    } finally {
      setReading(null);
    }
  }, []);

  const clear = () => {
    releaseSources(sources);
    setSources([]);
    setSelected(new Set());
    setReadErrors([]);
    setResults(new Map());
    setProgress(null);
    setPhase('ready');
  };

  const toggle = (index: number) => setSelected((s) => toggleSelection(plan, s, index));
  const matched = rows.filter((r): r is MatchedItem => r.status === 'match');
  const selectable = matched.filter((r) => results.get(r.index)?.state !== 'ok');
  const chosen = selectable.filter((r) => selected.has(r.index));
  const allDefault = defaultSelection(plan);
  const headerChecked = chosen.length > 0 && selectable.filter((r) => allDefault.has(r.index)).every((r) => selected.has(r.index));
  const toggleAll = () => setSelected(chosen.length > 0 ? new Set() : new Set([...allDefault].filter((i) => results.get(i)?.state !== 'ok')));

  async function runImport() {
    const queue = chosen;
    if (queue.length === 0) return;
    setPhase('importing');
    setResults((r) => {
      const next = new Map(r);
      for (const it of queue) next.set(it.index, { state: 'waiting' });
      return next;
    });
    const outcome = new Map<number, RowResult>();
    const setRow = (index: number, res: RowResult) => {
      outcome.set(index, res);
      setResults((r) => new Map(r).set(index, res));
    };
    for (let k = 0; k < queue.length; k++) {
      const it = queue[k]!;
      const source = sources[it.index]!;
      setProgress({ current: k + 1, total: queue.length, fraction: 0, name: it.name });
      setRow(it.index, { state: 'uploading', fraction: 0 });
      const onProgress = (f: number) => {
        setProgress({ current: k + 1, total: queue.length, fraction: f, name: it.name });
        setRow(it.index, { state: 'uploading', fraction: f });
      };
      const m = MESSAGES.multimedia!;
      try {
        if (!source.blob) throw new ApiError(0, 'El archivo no se pudo leer.');
        const form = new FormData();
        form.append('tipo', it.tipo);
        form.append('descripcion', it.slot.descripcion);
        form.append('id_palabra', String(it.word.id_palabra));
        form.append('file', source.blob, it.name);
        if (it.replaces) await upload('PUT', UPDATE_PATH.replace('{id}', String(it.replaces.id)), form, onProgress);
        else await upload('POST', CREATE_PATH, form, onProgress);
        setRow(it.index, { state: 'ok', replaced: !!it.replaces });
      } catch (err) {
        const msg = err instanceof ApiError ? err.msg : String((err as Error)?.message ?? err);
        setRow(it.index, { state: 'error', msg: it.replaces ? m.updateError!(msg) : m.createError!(msg) });
      }
    }
    setProgress((p) => (p ? { ...p, fraction: 1 } : p));
    // What the server holds now: a retry of a failed file replaces instead of adding twice.
    await media.reload();
    setSelected(new Set(queue.filter((it) => outcome.get(it.index)?.state === 'error').map((it) => it.index)));
    setPhase('done');
  }

  useEffect(() => {
    if (phase === 'done') doneRef.current?.focus();
  }, [phase]);

  return {
    addFiles,
    chosen,
    clear,
    doneRef,
    headerChecked,
    importing,
    matched,
    phase,
    plan,
    progress,
    readErrors,
    reading,
    results,
    rows,
    runImport,
    selectable,
    selected,
    setReadErrors,
    sources,
    toggle,
    toggleAll,
  };
}
