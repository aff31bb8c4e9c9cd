/**
 * The device's queue of what a child did (docs/product/wire.md W-11, constants.md C-8): quiz attempts, game runs, review answers,
 * "¡Ahora tú!" scores and words seen are written to IndexedDB BEFORE they are sent, and leave it only once the server has
 * them (or refused them for good). Offline, or when the connection drops during a send, they wait
 * there and go out when the connection returns: on the `online` event, when the app starts, after
 * every new entry and on a backoff timer while something waits.
 *
 * Never stored twice: every entry carries the idempotency key the server honours (`clave`: quiz,
 * game run, review answer) or is idempotent by nature (words seen), so a resend after a lost reply
 * is answered with the stored row. Entries belong to one account: only the signed-in child's are
 * sent (with their token); logout deletes that child's entries (clearOutbox).
 *
 * IndexedDB through `idb` (a 1 KB promise wrapper); the queue's policy (order, retry, which
 * refusals are final) is ours: Workbox's background sync replays raw requests from the service
 * worker with the headers they had, which would resend a logged-out child's token, and its `sync`
 * event never fires in some browsers (Safari, Firefox).
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { api, ApiError } from '../api/http';
import { getStoredUser, getToken } from '../auth/session';

type OutboxKind = 'quiz' | 'partida' | 'respuesta' | 'visto-palabra' | 'visto-nivel' | 'practica';

interface OutboxEntry {
  /** Unique per account: the idempotency key, or a stable key for idempotent events (a word seen). */
  id: string;
  usuario: number;
  tipo: OutboxKind;
  /** API path, as api() takes it (e.g. 'resultados/save-multiple'). */
  ruta: string;
  cuerpo: unknown;
  /** When the child did it (ms since epoch, the device's clock). */
  creado: number;
  /** The level it belongs to, when it has one (the level menu says "waiting to be sent"). */
  nivel?: number | null;
}

export type SubmitOutcome<T> = { estado: 'enviado'; respuesta: T } | { estado: 'en-cola' } | { estado: 'rechazado'; error: ApiError };

interface OutboxDb extends DBSchema {
  eventos: { key: [number, string]; value: OutboxEntry; indexes: { usuario: number } };
}

const OUTBOX_DB = 'manitas-outbox';
/** Waits between flushes while something is waiting and the device says it is online (ms). */
export const FLUSH_BACKOFF_MS: readonly number[] = [5_000, 15_000, 30_000, 60_000, 120_000, 300_000];

let dbPromise: Promise<IDBPDatabase<OutboxDb> | null> | null = null;
/** IndexedDB missing or refused (private mode in old browsers): the queue lives in this page only. */
const memory = new Map<string, OutboxEntry>();
const memKey = (u: number, id: string) => `${u}\u0000${id}`;

function db(): Promise<IDBPDatabase<OutboxDb> | null> {
  dbPromise ??= (async () => {
    try {
      if (typeof indexedDB === 'undefined') return null;
      return await openDB<OutboxDb>(OUTBOX_DB, 1, {
        upgrade(d) {
          const store = d.createObjectStore('eventos', { keyPath: ['usuario', 'id'] });
          store.createIndex('usuario', 'usuario');
        },
        // Another tab upgrading (a new version of the app): let it, and reopen next time.
        blocking() {
          dbPromise = null;
        },
      });
    } catch (err) {
      console.warn('IndexedDB no está disponible; lo pendiente se guarda solo en esta página.', err);
      return null;
    }
  })();
  return dbPromise;
}

const listeners = new Set<() => void>();
function changed() {
  for (const l of [...listeners]) l();
}
/** Called whenever the queue changes (an entry added, sent or dropped). */
export function onOutboxChange(fn: () => void): () => void {
  listeners.add(fn);
  return () => {
    listeners.delete(fn);
  };
}

/** The signed-in account, or null (nothing is sent without one). */
export function currentUserId(): number | null {
  const id = Number(getStoredUser()?.id);
  return getToken() && Number.isInteger(id) && id > 0 ? id : null;
}

/** This account's waiting entries, oldest first. */
export async function pendingEntries(usuario: number): Promise<OutboxEntry[]> {
  const d = await db();
  const rows = d ? await d.getAllFromIndex('eventos', 'usuario', usuario) : [...memory.values()].filter((e) => e.usuario === usuario);
  return rows.sort((a, b) => a.creado - b.creado || (a.id < b.id ? -1 : 1));
}

async function put(entry: OutboxEntry): Promise<void> {
  const d = await db();
  if (d) await d.put('eventos', entry);
  else memory.set(memKey(entry.usuario, entry.id), entry);
  changed();
}

async function remove(usuario: number, id: string): Promise<void> {
  const d = await db();
  if (d) await d.delete('eventos', [usuario, id]);
  memory.delete(memKey(usuario, id));
  changed();
}

/** Logout: this account's waiting entries are deleted from the device. */
export async function clearOutbox(usuario: number): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = null;
  backoff = 0;
  const d = await db();
  if (d) {
    const tx = d.transaction('eventos', 'readwrite');
    let cursor = await tx.store.index('usuario').openCursor(usuario);
    while (cursor) {
      await cursor.delete();
      cursor = await cursor.continue();
    }
    await tx.done;
  }
  for (const [k, e] of memory) if (e.usuario === usuario) memory.delete(k);
  changed();
}

/** Whether a failed send may succeed later (network, server trouble, signed out meanwhile). */
const retryable = (err: unknown) =>
  !(err instanceof ApiError) || err.status === 0 || err.status === 401 || err.status === 408 || err.status === 429 || err.status >= 500;

type SentHandler = (entry: OutboxEntry, reply: unknown) => void;
type RefusedHandler = (entry: OutboxEntry, error: ApiError) => void;
const onSent = new Map<OutboxKind, SentHandler>();
const onRefused = new Map<OutboxKind, RefusedHandler>();
/** What the app does when an entry of this kind reaches the server later (e.g. the quiz's result kept for the level menu). */
export function whenSent(kind: OutboxKind, fn: SentHandler, refused?: RefusedHandler): void {
  onSent.set(kind, fn);
  if (refused) onRefused.set(kind, refused);
}

/** Outcomes of entries a submit() is waiting for while a flush sends them (older entries went first). */
const awaited = new Map<string, SubmitOutcome<unknown> | null>();

/** Sends one entry once; its outcome. The entry leaves the queue when the server has it or refused it for good. */
async function sendEntry<T>(entry: OutboxEntry): Promise<SubmitOutcome<T>> {
  const out = await sendOnce<T>(entry);
  const k = memKey(entry.usuario, entry.id);
  if (awaited.has(k) && out.estado !== 'en-cola') awaited.set(k, out);
  return out;
}

async function sendOnce<T>(entry: OutboxEntry): Promise<SubmitOutcome<T>> {
  try {
    const reply = await api<T>('POST', entry.ruta, entry.cuerpo);
    await remove(entry.usuario, entry.id);
    try {
      onSent.get(entry.tipo)?.(entry, reply);
    } catch (err) {
      console.warn('Error al aplicar una respuesta del servidor', err);
    }
    return { estado: 'enviado', respuesta: reply };
  } catch (err) {
    if (retryable(err)) return { estado: 'en-cola' };
    const error = err as ApiError;
    console.warn('El servidor no aceptó lo guardado en la tableta; se descarta.', `${error.status} ${error.msg}`);
    await remove(entry.usuario, entry.id);
    onRefused.get(entry.tipo)?.(entry, error);
    return { estado: 'rechazado', error };
  }
}

let flushing: Promise<void> | null = null;
let holds: Promise<unknown>[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;
let backoff = 0;

/** Holds sending while `p` runs (the games' totals are read: a run is then either in them or still here). */
export function holdWhile<T>(p: Promise<T>): Promise<T> {
  holds.push(p);
  void p.finally(() => {
    holds = holds.filter((h) => h !== p);
  });
  return p;
}

function schedule() {
  if (timer) return;
  const wait = FLUSH_BACKOFF_MS[Math.min(backoff, FLUSH_BACKOFF_MS.length - 1)]!;
  backoff++;
  timer = setTimeout(() => {
    timer = null;
    void flushOutbox();
  }, wait);
}

/** Sends the signed-in account's waiting entries, oldest first; stops at the first that cannot go yet. */
export function flushOutbox(): Promise<void> {
  if (flushing) return flushing;
  flushing = (async () => {
    while (holds.length) await Promise.allSettled(holds);
    const usuario = currentUserId();
    if (usuario === null) return;
    let left = false;
    for (const entry of await pendingEntries(usuario)) {
      if (currentUserId() !== usuario) return;
      if ((await sendEntry(entry)).estado === 'en-cola') {
        left = true;
        break;
      }
    }
    if (left) schedule();
    else backoff = 0;
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

/** Sends what waits (flushOutbox) but waits at most `ms` for it; never rejects. */
export function flushWithin(ms: number): Promise<void> {
  return Promise.race([flushOutbox().catch(() => undefined), new Promise<void>((resolve) => setTimeout(resolve, ms))]);
}

/**
 * Keeps an event and sends it: 'enviado' with the server's reply when it went through now,
 * 'en-cola' when it waits on the device (offline, or the connection dropped: it goes later, once),
 * 'rechazado' when the server refused it for good (a 4xx: resending the same body cannot succeed).
 */
export async function submit<T = unknown>(e: Omit<OutboxEntry, 'usuario' | 'creado'> & { creado?: number }): Promise<SubmitOutcome<T>> {
  const usuario = currentUserId();
  if (usuario === null) return { estado: 'rechazado', error: new ApiError(401, 'Usuario no identificado. Inicia sesión de nuevo.') };
  const entry: OutboxEntry = { ...e, usuario, creado: e.creado ?? Date.now() };
  const k = memKey(usuario, entry.id);
  awaited.set(k, null);
  try {
    await put(entry);
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      schedule();
      return { estado: 'en-cola' };
    }
    // Through the flush: older entries go first (a quiz after an offline game run keeps its order).
    // A flush already running may have listed the queue before this entry: then one more.
    for (let i = 0; i < 3; i++) {
      const wasRunning = flushing !== null;
      await flushOutbox();
      if (awaited.get(k) || !wasRunning) break;
    }
    return (awaited.get(k) as SubmitOutcome<T> | null) ?? { estado: 'en-cola' };
  } finally {
    awaited.delete(k);
  }
}

/** Starts the sending triggers once per page: connection back, app start, tab shown again. */
let started = false;
export function startOutbox(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  window.addEventListener('online', () => {
    backoff = 0;
    if (timer) clearTimeout(timer);
    timer = null;
    void flushOutbox();
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void flushOutbox();
  });
  void flushOutbox();
}
