import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { dominio, institucion } from '../db/schema';
import { conflict, notFound } from '../errors';
import { idParam, validate } from '../validate';
import { institucionResource as R, institucionSchema } from '../../shared/resources/institucion';
import { apiPath, countExpr, countRefs, guard, isPgError, listPlan, paged, refuseIfDependents, type ListSpec } from './crud';

export const INSTITUCION_NOT_FOUND = 'Institución no encontrada.';

type Row = typeof institucion.$inferSelect;
const toWire = (r: Row) => ({ id_institucion: r.idInstitucion, nombre: r.nombre });

export default async function institucionRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx.database;

  const spec: ListSpec = {
    sortable: { id_institucion: institucion.idInstitucion, id: institucion.idInstitucion, nombre: institucion.nombre },
    idColumn: institucion.idInstitucion,
    search: [institucion.nombre],
  };

  async function find(id: number): Promise<Row> {
    const [row] = await db.select().from(institucion).where(eq(institucion.idInstitucion, id));
    if (!row) throw notFound(INSTITUCION_NOT_FOUND);
    return row;
  }

  async function refuseDuplicate(nombre: string, exceptId?: number) {
    const same = sql`lower(${institucion.nombre}) = lower(${nombre})`;
    const [dup] = await db.select({ id: institucion.idInstitucion }).from(institucion).where(exceptId ? and(same, ne(institucion.idInstitucion, exceptId)) : same);
    if (dup) throw conflict(`Ya existe una institución llamada "${nombre}".`, 'DUPLICATE');
  }

  app.get(apiPath(R.paths.list), { preHandler: guard(app, R.readRole) }, async (req, reply) => {
    const plan = listPlan(req.query, spec);
    const [{ n }] = (await db.select({ n: countExpr }).from(institucion).where(plan.where)) as [{ n: number }];
    const rows = await paged(db.select().from(institucion).where(plan.where).orderBy(...plan.orderBy).$dynamic(), plan);
    reply.header('X-Total-Count', String(n));
    return { data: rows.map(toWire) };
  });

  app.get<{ Params: { id: string } }>(apiPath(R.paths.one), { preHandler: guard(app, R.readRole) }, async (req) => {
    return { data: toWire(await find(idParam(req.params.id))) };
  });

  app.post(apiPath(R.paths.create), { preHandler: guard(app, R.writeRole) }, async (req, reply) => {
    const body = validate(institucionSchema, req.body ?? {});
    await refuseDuplicate(body.nombre);
    const [row] = await db.insert(institucion).values({ nombre: body.nombre }).returning();
    return reply.status(201).send({ msg: 'Institución creada exitosamente.', data: toWire(row!) });
  });

  app.put<{ Params: { id: string } }>(apiPath(R.paths.update), { preHandler: guard(app, R.writeRole) }, async (req) => {
    const id = idParam(req.params.id);
    await find(id);
    const body = validate(institucionSchema, req.body ?? {});
    await refuseDuplicate(body.nombre, id);
    const [row] = await db.update(institucion).set({ nombre: body.nombre }).where(eq(institucion.idInstitucion, id)).returning();
    if (!row) throw notFound(INSTITUCION_NOT_FOUND);
    return { msg: 'Institución actualizada exitosamente.', data: toWire(row) };
  });

  app.delete<{ Params: { id: string } }>(apiPath(R.paths.delete), { preHandler: guard(app, R.writeRole) }, async (req) => {
    const id = idParam(req.params.id);
    await find(id);
    refuseIfDependents('la institución', [[await countRefs(db, dominio, dominio.idInstitucion, id), 'dominio', 'dominios']]);
    try {
      await db.delete(institucion).where(eq(institucion.idInstitucion, id));
    } catch (err) {
      if (isPgError(err, '23503')) throw conflict('No se puede eliminar la institución: otros registros dependen de ella.', 'HAS_DEPENDENTS');
      throw err;
    }
    return { msg: 'Institución eliminada exitosamente.' };
  });
}
