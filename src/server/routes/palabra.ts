import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { contenido, multimedia, nivel, palabra } from '../db/schema';
import { AppError, badRequest, conflict, notFound } from '../errors';
import { idParam, validate } from '../validate';
import { palabraResource as R, palabraSchema, type PalabraInput, type PalabraWire } from '../../shared/resources/palabra';
import { cachedReply } from '../cache';
import { apiPath, countExpr, countRefs, guard, isPgError, listPlan, paged, refuseIfDependents, type ListSpec } from './crud';

export const PALABRA_NOT_FOUND = 'Palabra no encontrada.';

export default async function palabraRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx.database;

  const spec: ListSpec = {
    sortable: { id_palabra: palabra.idPalabra, id: palabra.idPalabra, palabraEspanol: palabra.palabraEspanol, palabraIngles: palabra.palabraIngles, id_nivel: palabra.idNivel, nivel: nivel.nombreNivel },
    idColumn: palabra.idPalabra,
    search: [palabra.palabraEspanol, palabra.palabraIngles],
    filters: { id_nivel: palabra.idNivel },
  };

  const select = () => db.select({
    id_palabra: palabra.idPalabra,
    palabraEspanol: palabra.palabraEspanol,
    palabraIngles: palabra.palabraIngles,
    id_nivel: palabra.idNivel,
    nombre_nivel: nivel.nombreNivel,
  }).from(palabra).innerJoin(nivel, eq(nivel.idNivel, palabra.idNivel));

  type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
  const toWire = (r: Row): PalabraWire => ({
    id_palabra: r.id_palabra, palabraEspanol: r.palabraEspanol, palabraIngles: r.palabraIngles, id_nivel: r.id_nivel, nivel: { nombre_nivel: r.nombre_nivel },
  });

  async function find(id: number): Promise<PalabraWire> {
    const [row] = await select().where(eq(palabra.idPalabra, id));
    if (!row) throw notFound(PALABRA_NOT_FOUND);
    return toWire(row);
  }

  async function checkWrite(body: PalabraInput, exceptId?: number) {
    const [lvl] = await db.select({ id: nivel.idNivel }).from(nivel).where(eq(nivel.idNivel, body.id_nivel));
    if (!lvl) throw badRequest('El nivel seleccionado no existe.', { id_nivel: 'El nivel seleccionado no existe.' });
    const same = and(eq(palabra.idNivel, body.id_nivel), sql`lower(${palabra.palabraEspanol}) = lower(${body.palabraEspanol})`);
    const [dup] = await db.select({ id: palabra.idPalabra }).from(palabra).where(exceptId ? and(same, ne(palabra.idPalabra, exceptId)) : same);
    if (dup) throw conflict(`La palabra "${body.palabraEspanol}" ya existe en este nivel.`, 'DUPLICATE');
  }

  // Learner: the words of one level, as a plain array.
  app.get<{ Params: { id: string } }>('/api/palabra/nivel/:id', { preHandler: app.requireUser }, async (req, reply) => cachedReply(ctx.cache, req, reply, 'all', async () => {
    const id = idParam(req.params.id);
    const [lvl] = await db.select({ id: nivel.idNivel }).from(nivel).where(eq(nivel.idNivel, id));
    if (!lvl) throw notFound('Nivel no encontrado.');
    const rows = await select().where(eq(palabra.idNivel, id)).orderBy(palabra.idPalabra);
    return rows.map(toWire);
  }));

  // One row per word (the spec de-duplicates by id_palabra; the join cannot repeat a word).
  app.get(apiPath(R.paths.list), { preHandler: guard(app, R.readRole) }, async (req, reply) => {
    const plan = listPlan(req.query, spec);
    const [{ n }] = (await db.select({ n: countExpr }).from(palabra).innerJoin(nivel, eq(nivel.idNivel, palabra.idNivel)).where(plan.where)) as [{ n: number }];
    const rows = await paged(select().where(plan.where).orderBy(...plan.orderBy).$dynamic(), plan);
    reply.header('X-Total-Count', String(n));
    return { data: rows.map(toWire) };
  });

  app.get<{ Params: { id: string } }>(apiPath(R.paths.one), { preHandler: guard(app, R.readRole) }, async (req) => {
    return { data: await find(idParam(req.params.id)) };
  });

  app.post(apiPath(R.paths.create), { preHandler: guard(app, R.writeRole) }, async (req, reply) => {
    const body = validate(palabraSchema, req.body ?? {});
    await checkWrite(body);
    const [row] = await db.insert(palabra).values({ palabraEspanol: body.palabraEspanol, palabraIngles: body.palabraIngles, idNivel: body.id_nivel }).returning();
    return reply.status(201).send({ msg: 'Palabra creada exitosamente.', data: await find(row!.idPalabra) });
  });

  app.put<{ Params: { id: string } }>(apiPath(R.paths.update), { preHandler: guard(app, R.writeRole) }, async (req) => {
    const id = idParam(req.params.id);
    await find(id);
    const body = validate(palabraSchema, req.body ?? {});
    await checkWrite(body, id);
    await db.update(palabra).set({ palabraEspanol: body.palabraEspanol, palabraIngles: body.palabraIngles, idNivel: body.id_nivel }).where(eq(palabra.idPalabra, id));
    return { msg: 'Palabra actualizada exitosamente.', data: await find(id) };
  });

  // The client reads this one failure from error.message: the body carries `message` too.
  app.delete<{ Params: { id: string } }>(apiPath(R.paths.delete), { preHandler: guard(app, R.writeRole) }, async (req, reply) => {
    try {
      const id = idParam(req.params.id);
      await find(id);
      refuseIfDependents('la palabra', [
        [await countRefs(db, multimedia, multimedia.idPalabra, id), 'archivo multimedia', 'archivos multimedia'],
        [await countRefs(db, contenido, contenido.idPalabra, id), 'contenido', 'contenidos'],
      ]);
      try {
        await db.delete(palabra).where(eq(palabra.idPalabra, id));
      } catch (err) {
        if (isPgError(err, '23503')) throw conflict('No se puede eliminar la palabra: otros registros dependen de ella.', 'HAS_DEPENDENTS');
        throw err;
      }
      return { msg: 'Palabra eliminada exitosamente.' };
    } catch (err) {
      if (err instanceof AppError) {
        return reply.status(err.statusCode).send({ msg: err.message, message: err.message, code: err.code, ...(err.fields ? { fields: err.fields } : {}) });
      }
      throw err;
    }
  });
}
