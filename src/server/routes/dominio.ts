import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { dominio, institucion } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import { idParam, validate } from '../validate';
import { dominioResource as R, dominioSchema, type DominioInput, type DominioWire } from '../../shared/resources/dominio';
import { apiPath, countExpr, guard, listPlan, paged, type ListSpec } from './crud';

export const DOMINIO_NOT_FOUND = 'Dominio no encontrado.';

export default async function dominioRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx.database;

  const spec: ListSpec = {
    sortable: { id_dominio: dominio.idDominio, id: dominio.idDominio, dominio: dominio.dominio, id_institucion: dominio.idInstitucion, institucion: institucion.nombre },
    idColumn: dominio.idDominio,
    search: [dominio.dominio, institucion.nombre],
    filters: { id_institucion: dominio.idInstitucion },
  };

  const select = () => db.select({ id_dominio: dominio.idDominio, dominio: dominio.dominio, id_institucion: dominio.idInstitucion, nombre: institucion.nombre })
    .from(dominio).innerJoin(institucion, eq(institucion.idInstitucion, dominio.idInstitucion));
  type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
  const toWire = (r: Row): DominioWire => ({ id_dominio: r.id_dominio, dominio: r.dominio, id_institucion: r.id_institucion, institucion: { nombre: r.nombre } });

  async function find(id: number): Promise<DominioWire> {
    const [row] = await select().where(eq(dominio.idDominio, id));
    if (!row) throw notFound(DOMINIO_NOT_FOUND);
    return toWire(row);
  }

  async function checkWrite(body: DominioInput, exceptId?: number) {
    const [inst] = await db.select({ id: institucion.idInstitucion }).from(institucion).where(eq(institucion.idInstitucion, body.id_institucion));
    if (!inst) throw badRequest('La institución seleccionada no existe.', { id_institucion: 'La institución seleccionada no existe.' });
    const same = eq(dominio.dominio, body.dominio);
    const [dup] = await db.select({ id: dominio.idDominio }).from(dominio).where(exceptId ? and(same, ne(dominio.idDominio, exceptId)) : same);
    if (dup) throw conflict(`El dominio ${body.dominio} ya está registrado.`, 'DUPLICATE');
  }

  app.get(apiPath(R.paths.list), { preHandler: guard(app, R.readRole) }, async (req, reply) => {
    const plan = listPlan(req.query, spec);
    const [{ n }] = (await db.select({ n: countExpr }).from(dominio).innerJoin(institucion, eq(institucion.idInstitucion, dominio.idInstitucion)).where(plan.where)) as [{ n: number }];
    const rows = await paged(select().where(plan.where).orderBy(...plan.orderBy).$dynamic(), plan);
    reply.header('X-Total-Count', String(n));
    return { data: rows.map(toWire) };
  });

  app.get<{ Params: { id: string } }>(apiPath(R.paths.one), { preHandler: guard(app, R.readRole) }, async (req) => {
    return { data: await find(idParam(req.params.id)) };
  });

  app.post(apiPath(R.paths.create), { preHandler: guard(app, R.writeRole) }, async (req, reply) => {
    const body = validate(dominioSchema, req.body ?? {});
    await checkWrite(body);
    const [row] = await db.insert(dominio).values({ dominio: body.dominio, idInstitucion: body.id_institucion }).returning();
    return reply.status(201).send({ msg: 'Dominio creado correctamente.', data: await find(row!.idDominio) });
  });

  app.put<{ Params: { id: string } }>(apiPath(R.paths.update), { preHandler: guard(app, R.writeRole) }, async (req) => {
    const id = idParam(req.params.id);
    await find(id);
    const body = validate(dominioSchema, req.body ?? {});
    await checkWrite(body, id);
    await db.update(dominio).set({ dominio: body.dominio, idInstitucion: body.id_institucion }).where(eq(dominio.idDominio, id));
    return { msg: 'Dominio actualizado correctamente.', data: await find(id) };
  });

  app.delete<{ Params: { id: string } }>(apiPath(R.paths.delete), { preHandler: guard(app, R.writeRole) }, async (req) => {
    const id = idParam(req.params.id);
    await find(id);
    await db.delete(dominio).where(eq(dominio.idDominio, id));
    return { msg: 'Dominio eliminado correctamente.' };
  });
}
