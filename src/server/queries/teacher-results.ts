// The teacher results list (GET resultados/resultados-profesor) at a school's scale: a year of
// attempts (200,000 with 10,000 learners) must page in well under 100 ms on PGlite, which has no
// parallel workers and spends ~0.1–0.4 µs per row it walks (docs/performance.md).
//  - The total of an unsearched list (all attempts, or one level's) is read from intento_conteo
//    (kept by triggers, migration 0002) instead of counting the attempts.
//  - A deep page in date order jumps over whole weeks with those counts, then walks the index
//    (fecha, id_intento) only inside the week where the page starts.
//  - The name search finds the matching children and levels first (small tables), then their
//    attempts through the indexes.
//  - Names are joined for the page's rows only.
// The rows, their order, the totals and the filters are exactly those of the straightforward query
// (tests/api/teacher-results-scale.test.ts compares them).
import { and, asc, desc, eq, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../db';
import { intento, intentoConteo, nivel, usuario } from '../db/schema';
import { contains, nameOrder, type ListParams } from '../resources/list';

export const TEACHER_RESULTS_SORTABLE = ['id', 'fecha', 'puntaje', 'correctas', 'total_preguntas', 'estudiante', 'nivel'] as const;

export interface TeacherResultsFilter {
  idNivel?: number;
  idUsuario?: number;
  /** Attempts on or after this instant. */
  desde?: Date;
  /** Attempts before this instant (exclusive: the day after the last day asked for). */
  hasta?: Date;
  /** Only these children's attempts (a profesor's scope: childScope); undefined for every child. */
  scope?: SQL;
}

export interface TeacherResultWire {
  id: number;
  id_usuario: number;
  id_nivel: number;
  usuario: { nombre: string; apellido: string };
  nivel: { nombre_nivel: string };
  correctas: number;
  total_preguntas: number;
  puntaje: number;
  fecha: string;
}

/** intento_conteo's weeks: floor(epoch(fecha) / WEEK_SECONDS), UTC (the same expression as its triggers). */
export const WEEK_SECONDS = 604_800;
/** From this offset on, a date-ordered page jumps over whole weeks (before it, walking is cheaper). */
export const JUMP_FROM_OFFSET = 1_000;

/** A PostgreSQL int[] literal, one parameter whatever the number of ids. */
const intArray = (ids: readonly number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/** `jumpFrom`: the offset from which a date-ordered page jumps over weeks (tests set 0 to jump on every page). */
export async function teacherResults(
  db: Db,
  p: ListParams,
  f: TeacherResultsFilter,
  jumpFrom = JUMP_FROM_OFFSET,
): Promise<{ total: number; rows: TeacherResultWire[] }> {
  const conds: SQL[] = [];
  if (f.idNivel !== undefined) conds.push(eq(intento.idNivel, f.idNivel));
  if (f.idUsuario !== undefined) conds.push(eq(intento.idUsuario, f.idUsuario));
  if (f.desde) conds.push(sql`${intento.fecha} >= ${f.desde.toISOString()}::timestamptz`);
  if (f.hasta) conds.push(sql`${intento.fecha} < ${f.hasta.toISOString()}::timestamptz`);
  if (f.scope) conds.push(f.scope);
  if (p.q) {
    // The children and levels whose names match (small tables), then their attempts by index.
    const kids = (
      await db
        .select({ id: usuario.id })
        .from(usuario)
        .where(or(contains(usuario.nombre, p.q), contains(usuario.apellido, p.q)))
    ).map((r) => r.id);
    const levels = (await db.select({ id: nivel.idNivel }).from(nivel).where(contains(nivel.nombreNivel, p.q))).map((r) => r.id);
    if (kids.length === 0 && levels.length === 0) return { total: 0, rows: [] };
    conds.push(
      or(
        kids.length ? sql`${intento.idUsuario} = any(${intArray(kids)})` : undefined,
        levels.length ? sql`${intento.idNivel} = any(${intArray(levels)})` : undefined,
      )!,
    );
  }
  const where = conds.length ? and(...conds) : undefined;
  const sortName = p.sort ?? 'fecha';
  // Estudiante and Nivel sort by the names shown (correlated look-ups: the page query reads intento alone).
  const byName: Record<(typeof TEACHER_RESULTS_SORTABLE)[number], SQL | AnyColumn> = {
    id: intento.idIntento,
    fecha: intento.fecha,
    puntaje: intento.puntaje,
    correctas: intento.correctas,
    total_preguntas: intento.totalPreguntas,
    estudiante: nameOrder(sql`(select ${usuario.nombre} || ' ' || ${usuario.apellido} from ${usuario} where ${usuario.id} = ${intento.idUsuario})`),
    nivel: nameOrder(sql`(select ${nivel.nombreNivel} from ${nivel} where ${nivel.idNivel} = ${intento.idNivel})`),
  };
  const sortCol = byName[sortName as (typeof TEACHER_RESULTS_SORTABLE)[number]] ?? intento.fecha;
  const dir = p.sort ? p.order : 'DESC';
  // A name search matches few attempts: sort the matches (coalesce hides the column's index, which
  // PostgreSQL would otherwise walk through a whole year of attempts looking for them).
  const sortKey = p.q ? sql`coalesce(${sortCol}, ${sortCol})` : sortCol;
  const by = (k: SQL | AnyColumn) => (dir === 'DESC' ? desc(k) : asc(k));
  const order = [by(sortKey), by(intento.idIntento)];
  // Every condition is on the attempts (the joins are NOT NULL foreign keys and drop no row).
  const counted = !p.q && f.idUsuario === undefined && !f.desde && !f.hasta && !f.scope;

  // The total and the page from one snapshot.
  return db.transaction(
    async (tx) => {
      let total: number;
      let pageWhere = where;
      let offset = p.offset;
      if (counted) {
        // Attempts per week, newest first for a DESC list (oldest first for ASC).
        const weeks = await tx
          .select({ semana: intentoConteo.semana, n: sql<number>`sum(${intentoConteo.n})::int` })
          .from(intentoConteo)
          .where(f.idNivel !== undefined ? eq(intentoConteo.idNivel, f.idNivel) : undefined)
          .groupBy(intentoConteo.semana)
          .orderBy(dir === 'DESC' ? desc(intentoConteo.semana) : asc(intentoConteo.semana));
        total = weeks.reduce((s, w) => s + Number(w.n), 0);
        if (p.limit !== undefined && sortName === 'fecha' && offset >= jumpFrom) {
          if (offset >= total) return { total, rows: [] };
          // Skip the weeks wholly before the page: the rows left to skip are in the page's first week.
          let before = 0;
          for (const w of weeks) {
            const n = Number(w.n);
            if (before + n > offset) {
              pageWhere = and(
                where,
                dir === 'DESC'
                  ? sql`${intento.fecha} < to_timestamp(${(w.semana + 1) * WEEK_SECONDS}::double precision)`
                  : sql`${intento.fecha} >= to_timestamp(${w.semana * WEEK_SECONDS}::double precision)`,
              );
              offset -= before;
              break;
            }
            before += n;
          }
        }
      } else {
        [{ n: total }] = (await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(intento)
          .where(where)) as [{ n: number }];
      }
      let page = tx
        .select({ id: intento.idIntento })
        .from(intento)
        .where(pageWhere)
        .orderBy(...order)
        .$dynamic();
      if (p.limit !== undefined) page = page.limit(p.limit).offset(offset);
      const rows = await tx
        .select({
          id: intento.idIntento,
          idUsuario: intento.idUsuario,
          idNivel: intento.idNivel,
          correctas: intento.correctas,
          totalPreguntas: intento.totalPreguntas,
          puntaje: intento.puntaje,
          fecha: intento.fecha,
          nombre: usuario.nombre,
          apellido: usuario.apellido,
          nombreNivel: nivel.nombreNivel,
        })
        .from(intento)
        .innerJoin(usuario, eq(usuario.id, intento.idUsuario))
        .innerJoin(nivel, eq(nivel.idNivel, intento.idNivel))
        .where(inArray(intento.idIntento, page))
        .orderBy(...order);
      return {
        total: Number(total),
        rows: rows.map((r) => ({
          id: r.id,
          id_usuario: r.idUsuario,
          id_nivel: r.idNivel,
          usuario: { nombre: r.nombre, apellido: r.apellido },
          nivel: { nombre_nivel: r.nombreNivel },
          correctas: r.correctas,
          total_preguntas: r.totalPreguntas,
          puntaje: Number(r.puntaje),
          fecha: r.fecha.toISOString(),
        })),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
