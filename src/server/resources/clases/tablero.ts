import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { Database } from '../../db';
import { classChildHook, classTeacherHook } from '../../classAccess';
import { notFound } from '../../errors';
import { progressPercent, seenInLevel } from '../../../shared/rules/progress';
import { byChildName } from '../../../shared/rules/classes';
import type { ClaseWire, TableroAlumnoWire, TableroCelda, TableroWire } from '../../../shared/resources/clases';

/** Days of the activity charts (the issue: "activity over the last 30 days"). */
export const ACTIVIDAD_DIAS = 30;
/** Rows of each "hardest" list. */
export const DIFICILES_MAX = 10;
/**
 * Days the hardest questions and game words look back: about a school term, what the class finds
 * hard now (not a level finished months ago), and a bounded read whatever the class's history.
 */
export const DIFICILES_DIAS = 90;
/** Most attempts the child detail lists (newest first): a year of daily quizzes fits. */
export const INTENTOS_MAX = 500;

type Actividad = TableroWire['actividad'];

/**
 * The browser's IANA time zone (?tz=America/Mexico_City) if this runtime knows it, else 'UTC': the
 * activity days are the teacher's calendar days. Only a name from Intl's own list is ever used, and
 * it reaches SQL as a bound parameter.
 */
export function validTimeZone(tz: unknown): string {
  return typeof tz === 'string' && tz.length <= 64 && Intl.supportedValuesOf('timeZone').includes(tz) ? tz : 'UTC';
}

/** The last ACTIVIDAD_DIAS calendar days ending today in time zone `tz` (aaaa-mm-dd), oldest first. */
export function activityDays(now: Date, days = ACTIVIDAD_DIAS, tz = 'UTC'): string[] {
  // en-CA writes dates as aaaa-mm-dd.
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now).split('-').map(Number);
  const today = Date.UTC(y!, m! - 1, d!);
  return Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

const iso = (v: unknown): string | null => (v == null ? null : new Date(v as string).toISOString());
const num = (v: unknown) => Number(v ?? 0);

/** The children of a class as a Postgres int[] literal: every figure below reads their rows through per-child indexes. */
const intArray = (ids: readonly number[]) => `{${ids.join(',')}}`;

/**
 * Activity per day (in time zone `tz`) of some children (a class, or one child): attempts, game runs
 * and review-session answers (the reviews a quiz or a game wrote are counted as that quiz or game). One statement; each table is read through its (id_usuario, ...) index for those
 * children only, from the first day's midnight in `tz`.
 */
async function activity(database: Database, kids: string, now: Date, tz: string): Promise<Actividad> {
  const days = activityDays(now, ACTIVIDAD_DIAS, tz);
  const { rows } = await database.raw(
    `SELECT k, to_char(d, 'YYYY-MM-DD') AS dia, n FROM (SELECT k, (f AT TIME ZONE $3)::date AS d, count(*)::int AS n FROM (
       SELECT 'i' AS k, fecha AS f FROM intento WHERE id_usuario = ANY($1::int[]) AND fecha >= ($2::timestamp AT TIME ZONE $3)
       UNION ALL SELECT 'p', fecha FROM partida WHERE id_usuario = ANY($1::int[]) AND fecha >= ($2::timestamp AT TIME ZONE $3)
       UNION ALL SELECT 'r', fecha FROM repaso WHERE id_usuario = ANY($1::int[]) AND fuente = 'repaso' AND fecha >= ($2::timestamp AT TIME ZONE $3)
     ) a GROUP BY k, d) g`,
    [kids, `${days[0]} 00:00:00`, tz],
  );
  const byDay = new Map(days.map((dia) => [dia, { dia, intentos: 0, partidas: 0, repasos: 0 }]));
  for (const r of rows) {
    const d = byDay.get(String(r.dia));
    if (!d) continue; // a row dated in the future (clock skew): not one of the 30 days
    if (r.k === 'i') d.intentos = num(r.n);
    else if (r.k === 'p') d.partidas = num(r.n);
    else d.repasos = num(r.n);
  }
  return [...byDay.values()];
}

/** The class as its wire shape (institution name, teachers in id order, children count): one statement. */
async function claseWire(database: Database, id: number): Promise<ClaseWire> {
  const { rows } = await database.raw(
    `SELECT c.id_clase, c.nombre, c.id_institucion, c.codigo, c.activa, i.nombre AS institucion,
       coalesce((SELECT json_agg(json_build_object('id', u.id, 'n', trim(u.nombre || ' ' || u.apellido)) ORDER BY u.id)
                 FROM clase_profesor cp JOIN usuario u ON u.id = cp.id_usuario WHERE cp.id_clase = c.id_clase), '[]'::json) AS profesores,
       (SELECT count(*)::int FROM clase_alumno ca WHERE ca.id_clase = c.id_clase) AS alumnos
     FROM clase c JOIN institucion i ON i.id_institucion = c.id_institucion WHERE c.id_clase = $1`,
    [id],
  );
  const r = rows[0];
  if (!r) throw notFound('Clase no encontrada.');
  const profes = (typeof r.profesores === 'string' ? JSON.parse(r.profesores) : r.profesores) as { id: number; n: string }[];
  return {
    id_clase: num(r.id_clase),
    nombre: String(r.nombre),
    id_institucion: num(r.id_institucion),
    institucion: { nombre: String(r.institucion) },
    codigo: String(r.codigo),
    activa: Boolean(r.activa),
    profesores: profes.map((p) => p.id),
    profesores_nombres: profes.map((p) => p.n),
    alumnos: num(r.alumnos),
  };
}

/** Every level (in the learner's menu order: by id) with its word ids: content, so kept in the content cache. */
type LevelWords = { id_nivel: number; nombre_nivel: string; palabras: number[] };
async function levelWords(ctx: AppContext): Promise<LevelWords[]> {
  return ctx.cache.get('content', 'tablero:niveles-palabras', async () => {
    const { rows } = await ctx.database.raw(
      `SELECT n.id_nivel, n.nombre_nivel, coalesce(array_agg(p.id_palabra ORDER BY p.id_palabra) FILTER (WHERE p.id_palabra IS NOT NULL), '{}') AS palabras
       FROM nivel n LEFT JOIN palabra p ON p.id_nivel = n.id_nivel GROUP BY n.id_nivel, n.nombre_nivel ORDER BY n.id_nivel`,
    );
    return rows.map((r) => ({ id_nivel: num(r.id_nivel), nombre_nivel: String(r.nombre_nivel), palabras: (r.palabras as unknown[]).map(Number) }));
  });
}

/**
 * The levels of the grid with the class's assignments ("Tarea"): assigned first (by date, none
 * last, then by id), then the rest in the order of the learner's level menu (by id).
 */
async function levelsOf(ctx: AppContext, idClase: number): Promise<{ niveles: TableroWire['niveles']; words: Map<number, number[]> }> {
  const [all, tareas] = await Promise.all([
    levelWords(ctx),
    ctx.database.raw(`SELECT id_nivel, to_char(fecha, 'YYYY-MM-DD') AS fecha FROM tarea WHERE id_clase = $1`, [idClase]),
  ]);
  const assigned = new Map(tareas.rows.map((r) => [num(r.id_nivel), r.fecha == null ? null : String(r.fecha)]));
  const niveles = all.map((l) => ({
    id_nivel: l.id_nivel,
    nombre_nivel: l.nombre_nivel,
    palabras: l.palabras.length,
    tarea: assigned.has(l.id_nivel),
    fecha: assigned.get(l.id_nivel) ?? null,
  }));
  const rank = (l: (typeof niveles)[number]) => (l.tarea ? 0 : 1);
  niveles.sort((a, b) => rank(a) - rank(b) || (a.tarea ? (a.fecha ?? '9999').localeCompare(b.fecha ?? '9999') : 0) || a.id_nivel - b.id_nivel);
  return { niveles, words: new Map(all.map((l) => [l.id_nivel, l.palabras])) };
}

/**
 * Words seen % per (child, level), by the progress rule of constants.md C-4 (src/shared/rules/progress.ts): the
 * ids of palabras_vistas that are words of that level now, over the level's words, rounded down.
 */
async function seenPercents(database: Database, kids: string, words: Map<number, number[]>): Promise<Map<string, { vistas: number; estado: string }>> {
  const { rows } = await database.raw('SELECT id_usuario AS u, id_nivel AS n, palabras_vistas AS v, estado FROM progreso WHERE id_usuario = ANY($1::int[])', [
    kids,
  ]);
  const out = new Map<string, { vistas: number; estado: string }>();
  for (const r of rows) {
    const level = words.get(num(r.n)) ?? [];
    const raw = typeof r.v === 'string' ? (JSON.parse(r.v) as unknown) : r.v;
    const seen = Array.isArray(raw) ? raw.map(Number).filter(Number.isInteger) : [];
    out.set(`${r.u}:${r.n}`, { vistas: progressPercent(seenInLevel(seen, level).length, level.length), estado: String(r.estado) });
  }
  return out;
}

export async function claseTableroRoutes(app: FastifyInstance, ctx: AppContext) {
  const { database } = ctx;
  const { db } = database;

  /**
   * The class dashboard: children × levels (words seen %, latest score, signs due), the hardest
   * questions and words, activity per day. A fixed number of statements whatever the size of the
   * class or the number of levels: the children first, then each figure aggregated in SQL over
   * `id_usuario = ANY(children)`, which the planner answers through the per-child indexes (intento
   * and repaso (id_usuario, fecha), memoria (id_usuario, vence), resultado and progreso by child).
   * scripts/bench/class-dashboard.ts measures it.
   */
  app.get<{ Querystring: { tz?: string } }>('/api/clase/:id/tablero', { onRequest: classTeacherHook(db) }, async (req) => {
    const id = req.clase!.idClase;
    const now = new Date();
    const tz = validTimeZone(req.query.tz);
    const [clase, { niveles, words }, alumnosR] = await Promise.all([
      claseWire(database, id),
      levelsOf(ctx, id),
      database.raw(
        `SELECT u.id, u.nombre, u.apellido, u.avatar FROM clase_alumno ca JOIN usuario u ON u.id = ca.id_usuario
         WHERE ca.id_clase = $1 ORDER BY lower(u.nombre), lower(u.apellido), u.id`,
        [id],
      ),
    ]);
    const kids = intArray(alumnosR.rows.map((r) => num(r.id)));
    const levelIds = intArray(niveles.map((l) => l.id_nivel));
    const since = new Date(now.getTime() - DIFICILES_DIAS * 86_400_000).toISOString();
    const [seen, latestR, dueR, preguntasR, palabrasR, ultimaR, actividad] = await Promise.all([
      seenPercents(database, kids, words),
      // The latest attempt per (child, level): for each pair, the child's attempts newest first
      // through intento (id_usuario, fecha), stopping at the first of that level.
      database.raw(
        `SELECT k.u, n.n, l.puntaje, l.fecha
         FROM unnest($1::int[]) AS k(u) CROSS JOIN unnest($2::int[]) AS n(n)
         CROSS JOIN LATERAL (SELECT i.puntaje, i.fecha FROM intento i WHERE i.id_usuario = k.u AND i.id_nivel = n.n
                             ORDER BY i.fecha DESC, i.id_intento DESC LIMIT 1) l`,
        [kids, levelIds],
      ),
      // Signs due per (child, level): reviewed at least once (estado <> 0) and due by now (isDue, src/shared/rules/review.ts).
      database.raw(
        `SELECT m.id_usuario AS u, p.id_nivel AS n, count(*)::int AS c
         FROM memoria m JOIN palabra p ON p.id_palabra = m.id_palabra
         WHERE m.id_usuario = ANY($1::int[]) AND m.estado <> 0 AND m.vence <= $2::timestamptz
         GROUP BY m.id_usuario, p.id_nivel`,
        [kids, now.toISOString()],
      ),
      // Hardest questions of the last DIFICILES_DIAS days: most wrong answers first, then most answers.
      database.raw(
        `SELECT r.id_pregunta, q.pregunta, n.nombre_nivel, r.respuestas, r.fallos
         FROM (SELECT id_pregunta, count(*)::int AS respuestas, (count(*) FILTER (WHERE NOT correcta))::int AS fallos
               FROM resultado WHERE id_usuario = ANY($1::int[]) AND fecha >= $2::timestamptz AND id_pregunta IS NOT NULL GROUP BY id_pregunta) r
         JOIN pregunta q ON q.id_pregunta = r.id_pregunta
         JOIN evaluacion e ON e.id_evaluacion = q.id_evaluacion
         JOIN nivel n ON n.id_nivel = e.id_nivel
         WHERE r.fallos > 0
         ORDER BY r.fallos DESC, r.respuestas DESC, r.id_pregunta
         LIMIT ${DIFICILES_MAX}`,
        [kids, since],
      ),
      // Hardest words: wrong in games of the last DIFICILES_DIAS days (partida.palabras_mal) plus
      // forgotten in reviews (memoria.olvidos, the card's running count).
      database.raw(
        `SELECT w.id_palabra, p.palabra_espanol, n.nombre_nivel, w.fallos, w.olvidos
         FROM (SELECT id_palabra, sum(fallos)::int AS fallos, sum(olvidos)::int AS olvidos FROM (
                 SELECT v::int AS id_palabra, 1 AS fallos, 0 AS olvidos
                 FROM partida pa CROSS JOIN LATERAL jsonb_array_elements_text(CASE WHEN jsonb_typeof(pa.palabras_mal) = 'array' THEN pa.palabras_mal ELSE '[]'::jsonb END) v
                 WHERE pa.id_usuario = ANY($1::int[]) AND pa.fecha >= $2::timestamptz
                 UNION ALL
                 SELECT id_palabra, 0, olvidos FROM memoria WHERE id_usuario = ANY($1::int[]) AND olvidos > 0
               ) x GROUP BY id_palabra) w
         JOIN palabra p ON p.id_palabra = w.id_palabra
         JOIN nivel n ON n.id_nivel = p.id_nivel
         ORDER BY (w.fallos + w.olvidos) DESC, w.fallos DESC, w.id_palabra
         LIMIT ${DIFICILES_MAX}`,
        [kids, since],
      ),
      // Each child's last activity: newest attempt, review (both by their (id_usuario, fecha) index) or game run.
      database.raw(
        `SELECT k.u, greatest(
           (SELECT i.fecha FROM intento i WHERE i.id_usuario = k.u ORDER BY i.fecha DESC LIMIT 1),
           (SELECT r.fecha FROM repaso r WHERE r.id_usuario = k.u ORDER BY r.fecha DESC LIMIT 1),
           (SELECT max(pa.fecha) FROM partida pa WHERE pa.id_usuario = k.u)) AS f
         FROM unnest($1::int[]) AS k(u)`,
        [kids],
      ),
      activity(database, kids, now, tz),
    ]);

    const latest = new Map(latestR.rows.map((r) => [`${r.u}:${r.n}`, { puntaje: num(r.puntaje), fecha: iso(r.fecha) }]));
    const due = new Map(dueR.rows.map((r) => [`${r.u}:${r.n}`, num(r.c)]));
    const ultima = new Map(ultimaR.rows.map((r) => [num(r.u), iso(r.f)]));
    // Spanish alphabetical order (the SQL's ORDER BY is C-locale on PGlite: Íker after Zoe).
    const ordered = alumnosR.rows
      .map((a) => ({ id: num(a.id), nombre: String(a.nombre), apellido: String(a.apellido ?? ''), avatar: a.avatar }))
      .sort(byChildName);
    const alumnos: TableroWire['alumnos'] = ordered.map((a) => {
      const u = num(a.id);
      const celdas: Record<string, TableroCelda> = {};
      let pendientes = 0;
      for (const l of niveles) {
        const k = `${u}:${l.id_nivel}`;
        const last = latest.get(k);
        const c = due.get(k) ?? 0;
        pendientes += c;
        celdas[String(l.id_nivel)] = { vistas: seen.get(k)?.vistas ?? 0, puntaje: last?.puntaje ?? null, fecha: last?.fecha ?? null, pendientes: c };
      }
      return {
        id: u,
        nombre: String(a.nombre),
        apellido: String(a.apellido ?? ''),
        avatar: a.avatar == null ? null : String(a.avatar),
        celdas,
        pendientes,
        ultimaActividad: ultima.get(u) ?? null,
      };
    });
    const data: TableroWire = {
      clase,
      niveles,
      alumnos,
      dificiles: {
        preguntas: preguntasR.rows.map((r) => ({
          id_pregunta: num(r.id_pregunta),
          pregunta: String(r.pregunta ?? ''),
          nombre_nivel: String(r.nombre_nivel),
          respuestas: num(r.respuestas),
          fallos: num(r.fallos),
          acierto: num(r.respuestas) ? Math.round(((num(r.respuestas) - num(r.fallos)) * 100) / num(r.respuestas)) : 0,
        })),
        palabras: palabrasR.rows.map((r) => ({
          id_palabra: num(r.id_palabra),
          palabraEspanol: String(r.palabra_espanol),
          nombre_nivel: String(r.nombre_nivel),
          fallos: num(r.fallos),
          olvidos: num(r.olvidos),
        })),
      },
      actividad,
    };
    return { data };
  });

  /** One child of the class: their attempts (newest first), progress per level, activity over 30 days, "¡Ahora tú!" per word. */
  app.get<{ Querystring: { tz?: string } }>('/api/clase/:id/alumno/:userId', { onRequest: classChildHook(db) }, async (req) => {
    const { idClase: id, userId } = req.claseAlumno!;
    const now = new Date();
    const me = intArray([userId]);
    const [alumnoR, intentosR, { niveles, words }, actividad, practicasR] = await Promise.all([
      database.raw('SELECT id, nombre, apellido, avatar FROM usuario WHERE id = $1', [userId]),
      database.raw(
        `SELECT i.id_nivel, n.nombre_nivel, i.puntaje, i.correctas, i.total_preguntas, i.fecha
         FROM intento i JOIN nivel n ON n.id_nivel = i.id_nivel
         WHERE i.id_usuario = $1 ORDER BY i.fecha DESC, i.id_intento DESC LIMIT ${INTENTOS_MAX}`,
        [userId],
      ),
      levelsOf(ctx, id),
      activity(database, me, now, validTimeZone(req.query.tz)),
      // "¡Ahora tú!" per word: through practica (id_usuario, id_palabra); the last attempt's stars by fecha.
      database.raw(
        `SELECT x.id_palabra, p.palabra_espanol, n.nombre_nivel, x.intentos, x.mejores, x.ultimas, x.fecha
         FROM (SELECT id_palabra, count(*)::int AS intentos, max(estrellas)::int AS mejores,
                      (array_agg(estrellas ORDER BY fecha DESC, id_practica DESC))[1]::int AS ultimas, max(fecha) AS fecha
               FROM practica WHERE id_usuario = $1 GROUP BY id_palabra) x
         JOIN palabra p ON p.id_palabra = x.id_palabra JOIN nivel n ON n.id_nivel = p.id_nivel
         ORDER BY x.fecha DESC, x.id_palabra`,
        [userId],
      ),
    ]);
    const seen = await seenPercents(database, me, words);
    const a = alumnoR.rows[0];
    if (!a) throw notFound('Ese alumno no está en esta clase.');
    const data: TableroAlumnoWire = {
      alumno: { id: num(a.id), nombre: String(a.nombre), apellido: String(a.apellido ?? ''), avatar: a.avatar == null ? null : String(a.avatar) },
      intentos: intentosR.rows.map((r) => ({
        id_nivel: num(r.id_nivel),
        nombre_nivel: String(r.nombre_nivel),
        puntaje: num(r.puntaje),
        correctas: num(r.correctas),
        total_preguntas: num(r.total_preguntas),
        fecha: iso(r.fecha)!,
      })),
      // estado: the progress row's ('en progreso' / 'completado'), or 'sin empezar' for a level never opened.
      progreso: niveles.map((l) => {
        const p = seen.get(`${userId}:${l.id_nivel}`);
        return { id_nivel: l.id_nivel, nombre_nivel: l.nombre_nivel, vistas: p?.vistas ?? 0, estado: p?.estado ?? 'sin empezar' };
      }),
      actividad,
      practicas: practicasR.rows.map((r) => ({
        id_palabra: num(r.id_palabra),
        palabraEspanol: String(r.palabra_espanol),
        nombre_nivel: String(r.nombre_nivel),
        intentos: num(r.intentos),
        mejores: num(r.mejores),
        ultimas: num(r.ultimas),
        fecha: iso(r.fecha)!,
      })),
    };
    return { data };
  });
}
