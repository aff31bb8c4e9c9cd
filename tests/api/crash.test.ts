import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db';

/**
 * Crash safety: the real server process is killed with SIGKILL in the middle of a stream of
 * quiz submissions and admin writes, then restarted on the same storage; every write the server
 * acknowledged must be there and the database must be consistent. CRASH_CYCLES sets the number
 * of kill/restart cycles (3 in the normal run; the long mode uses more).
 */
const CYCLES = Number(process.env.CRASH_CYCLES || 3);
const ROOT = path.resolve(import.meta.dirname, '../..');
const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

async function startServer(env: Record<string, string>): Promise<{ proc: ChildProcess; base: string }> {
  const port = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/server/main.ts')], {
    cwd: ROOT,
    stdio: 'ignore',
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', AUTH_RATE_LIMIT: '100000' },
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    try {
      const r = await fetch(`${base}/api/health`);
      if (r.ok) return { proc, base };
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  proc.kill('SIGKILL');
  throw new Error('server did not start');
}

const post = (base: string, url: string, token: string, body: unknown) =>
  fetch(base + url, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function login(base: string, email: string): Promise<string> {
  const r = await post(base, '/api/user/logIn', '', { email, password: 'Manitas2024' });
  return ((await r.json()) as { token: string }).token;
}

async function crashCycles(env: Record<string, string>) {
  const ackQuiz: number[] = [];
  const ackInst: string[] = [];
  let sent = 0;
  for (let cycle = 0; cycle < CYCLES; cycle++) {
    const { proc, base } = await startServer(env);
    const nino = await login(base, 'nino@manitas.test');
    const admin = await login(base, 'admin@manitas.test');
    const detalles = (await (await fetch(`${base}/api/evaluacion/detalles`, { headers: { authorization: `Bearer ${nino}` } })).json()) as {
      data: { id_nivel: number; preguntas: { id_pregunta: number; Tipo: string; respuestas: { id_respuesta: number }[] }[] }[];
    };
    const ev = detalles.data[0]!;
    const quiz = {
      respuestas: ev.preguntas.map((q) =>
        q.Tipo === 'Opción Múltiple'
          ? { id_pregunta: q.id_pregunta, id_nivel: ev.id_nivel, id_respuesta: q.respuestas[0]!.id_respuesta, respuesta: null, correcta: true, valor: 1 }
          : { id_pregunta: q.id_pregunta, id_nivel: ev.id_nivel, id_respuesta: null, respuesta: 'perro', correcta: true, valor: 1 },
      ),
    };
    let stop = false;
    const worker = async (w: number) => {
      for (let i = 0; !stop && i < 10_000; i++) {
        sent++;
        try {
          if ((i + w) % 2 === 0) {
            const r = await post(base, '/api/resultados/save-multiple', nino, quiz);
            if (r.status === 201 || r.status === 200) ackQuiz.push(((await r.json()) as { data: { id: number } }).data.id);
          } else {
            const nombre = `crash-${cycle}-${w}-${i}`;
            const r = await post(base, '/api/institucion/register', admin, { nombre });
            if (r.status === 201 || r.status === 200) {
              await r.json();
              ackInst.push(nombre);
            }
          }
        } catch {
          return; // the server is gone
        }
      }
    };
    const workers = [0, 1, 2, 3].map(worker);
    await new Promise((r) => setTimeout(r, 1000 + Math.floor(Math.random() * 1500)));
    proc.kill('SIGKILL');
    stop = true;
    await Promise.all(workers);
    await new Promise((r) => (proc.exitCode !== null || proc.signalCode ? r(null) : proc.once('exit', r)));
  }
  // Restart once more and check every acknowledged write through the server and the database.
  const { proc, base } = await startServer(env);
  try {
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
  } finally {
    proc.kill('SIGTERM');
    await new Promise((r) => proc.once('exit', r));
  }
  const db = await openDatabase({ databaseUrl: env.DATABASE_URL || null, dataDir: env.DATABASE_URL ? null : env.DATA_DIR! });
  try {
    const intentos = new Set((await db.raw('SELECT id_intento FROM intento')).rows.map((r) => Number(r.id_intento)));
    const lostQuiz = ackQuiz.filter((id) => !intentos.has(id));
    const names = new Set((await db.raw("SELECT nombre FROM institucion WHERE nombre LIKE 'crash-%'")).rows.map((r) => String(r.nombre)));
    const lostInst = ackInst.filter((n) => !names.has(n));
    // Consistency: every attempt has all its answer rows (one transaction), no orphan rows.
    const partial = await db.raw(`SELECT i.id_intento FROM intento i LEFT JOIN resultado r ON r.id_intento = i.id_intento
      GROUP BY i.id_intento, i.total_preguntas HAVING count(r.id_resultado) <> i.total_preguntas`);
    const orphans = await db.raw(
      'SELECT count(*)::int AS n FROM resultado r LEFT JOIN intento i ON i.id_intento = r.id_intento WHERE r.id_intento IS NOT NULL AND i.id_intento IS NULL',
    );
    console.log(
      `crash: ${CYCLES} kill -9 cycles, ${sent} requests sent, ${ackQuiz.length + ackInst.length} acknowledged writes, lost ${lostQuiz.length + lostInst.length}`,
    );
    expect(ackQuiz.length + ackInst.length).toBeGreaterThan(0);
    expect(lostQuiz).toEqual([]);
    expect(lostInst).toEqual([]);
    expect(partial.rows).toEqual([]);
    expect(Number(orphans.rows[0]!.n)).toBe(0);
  } finally {
    await db.close();
  }
}

describe('crash safety (kill -9 during writes)', () => {
  it(`${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite'}: no acknowledged write is lost`, async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'manitas-crash-'));
    dirs.push(dataDir);
    const env: Record<string, string> = { DATA_DIR: dataDir, SEED_DEMO: '1', DATABASE_URL: '' };
    if (process.env.DATABASE_URL) {
      const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: null });
      await db.raw('DROP SCHEMA IF EXISTS public CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE; CREATE SCHEMA public;');
      await db.close();
      env.DATABASE_URL = process.env.DATABASE_URL;
    }
    await crashCycles(env);
  }, 600_000);
});
