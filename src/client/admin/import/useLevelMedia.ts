import { useCallback, useEffect, useState } from 'react';
import { apiGetFresh } from '../../api/http';
import type { ExistingMedia, ImportWord } from '../../../shared/rules/mediaImport';
import type { PalabraWire } from '../../../shared/resources/palabra';
import type { MultimediaWire } from '../../../shared/resources/multimedia';

interface LevelMedia {
  words: ImportWord[];
  existing: ExistingMedia[];
  loading: boolean;
  error: string | null;
  /** Reads the words and their media again (after an import). Resolves with the new media. */
  reload: () => Promise<ExistingMedia[] | null>;
}

/** A few requests at a time: a level can have dozens of words. */
async function mapLimited<T, R>(items: readonly T[], limit: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** The level's words (GET api/palabra/nivel/{id}) and each word's media (GET api/multimedia/palabra/{id}). */
export function useLevelMedia(levelId: string | undefined): LevelMedia {
  const [words, setWords] = useState<ImportWord[]>([]);
  const [existing, setExisting] = useState<ExistingMedia[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async (): Promise<ExistingMedia[] | null> => {
    if (!levelId) return null;
    try {
      const list = await apiGetFresh<PalabraWire[]>(`palabra/nivel/${encodeURIComponent(levelId)}`);
      const media = await mapLimited(list, 4, (w) => apiGetFresh<{ data: MultimediaWire[] }>(`multimedia/palabra/${w.id_palabra}`));
      const rows = media.flatMap((m) => m.data.map((r) => ({ id: r.id, descripcion: r.descripcion, tipo: r.tipo, id_palabra: r.id_palabra })));
      setWords(list.map((w) => ({ id_palabra: w.id_palabra, palabraEspanol: w.palabraEspanol, palabraIngles: w.palabraIngles })));
      setExisting(rows);
      setError(null);
      return rows;
    } catch (err) {
      setError(`Error al obtener palabras: ${(err as { msg?: string }).msg ?? (err as Error).message}`);
      return null;
    } finally {
      setLoading(false);
    }
  }, [levelId]);

  useEffect(() => {
    setLoading(true);
    void load();
  }, [load]);

  return { words, existing, loading, error, reload: load };
}
