import { and, eq, sql } from 'drizzle-orm';
import { memoria, palabra, usuario } from '../../db/schema';
import { memoriaResource, type MemoriaWire } from '../../../shared/resources/memoria';
import { USUARIO_NO_ENCONTRADO } from '../../../shared/resources/progreso';
import { isDue, strengthStars } from '../../../shared/rules/review';
import { cardOf } from '../repaso/memory';
import { bindingSelect, serverResource, type SelectRow } from '../define';
import { childScope, classFilter, inClass } from '../../classAccess';

const username = sql<string | null>`nullif(trim(${usuario.nombre} || ' ' || coalesce(${usuario.apellido}, '')), '')`;

const fields = {
  idMemoria: memoria.idMemoria,
  idUsuario: memoria.idUsuario,
  idPalabra: memoria.idPalabra,
  estado: memoria.estado,
  vence: memoria.vence,
  estabilidad: memoria.estabilidad,
  dificultad: memoria.dificultad,
  diasTranscurridos: memoria.diasTranscurridos,
  diasProgramados: memoria.diasProgramados,
  pasos: memoria.pasos,
  repasos: memoria.repasos,
  olvidos: memoria.olvidos,
  ultimoRepaso: memoria.ultimoRepaso,
  vistaEn: memoria.vistaEn,
  actualizado: memoria.actualizado,
  idNivel: palabra.idNivel,
  username,
  palabraEspanol: palabra.palabraEspanol,
};
const select = bindingSelect(fields, (db, f) =>
  db.select(f).from(memoria).innerJoin(palabra, eq(palabra.idPalabra, memoria.idPalabra)).leftJoin(usuario, eq(usuario.id, memoria.idUsuario)).$dynamic(),
);
type Row = SelectRow<ReturnType<typeof select>>;

/** The memory rows for staff (list only; filters by child, word and level). Stars are computed at read time. */
export default serverResource<never, Row, MemoriaWire>(({ database: { db } }) => ({
  decl: memoriaResource,
  notFound: 'Memoria no encontrada.',
  table: memoria,
  idColumn: memoria.idMemoria,
  fields,
  from: (f) => select(db, f),
  sortable: {
    id_memoria: memoria.idMemoria,
    id_usuario: memoria.idUsuario,
    id_palabra: memoria.idPalabra,
    vence: memoria.vence,
    estado: memoria.estado,
    olvidos: memoria.olvidos,
    repasos: memoria.repasos,
    username,
  },
  searchOnly: { 'usuario.username': username, 'palabra.palabraEspanol': palabra.palabraEspanol },
  filters: { id_usuario: memoria.idUsuario, id_palabra: memoria.idPalabra, id_nivel: palabra.idNivel },
  // `id_clase` needs the caller (a profesor names only a class they teach), so listScope reads and
  // checks it; declared here so the list accepts the parameter.
  conditions: { id_clase: () => sql`true` },
  toWire: (rows) => {
    const now = new Date();
    return rows.map((r) => {
      const card = cardOf({ ...r, vence: new Date(r.vence), ultimoRepaso: r.ultimoRepaso ? new Date(r.ultimoRepaso) : null });
      return {
        id_memoria: r.idMemoria,
        id_usuario: r.idUsuario,
        id_palabra: r.idPalabra,
        id_nivel: r.idNivel,
        estado: r.estado,
        vence: card.due.toISOString(),
        estabilidad: r.estabilidad,
        dificultad: r.dificultad,
        repasos: r.repasos,
        olvidos: r.olvidos,
        ultimo_repaso: card.last_review ? card.last_review.toISOString() : null,
        estrellas: strengthStars(card, now),
        pendiente: isDue(card, now),
        usuario: { username: r.username ?? USUARIO_NO_ENCONTRADO },
        palabra: { palabraEspanol: r.palabraEspanol },
      };
    });
  },
  replies: {},
  invalidates: [],
  // A profesor lists only the children of their classes (the "teacher of the child" rule).
  // A profesor lists only the children of their classes (the "teacher of the child" rule); the
  // class filter narrows to one class the caller may open.
  hooks: {
    listScope: async (req) => {
      const idClase = await classFilter(db, req);
      const scope = childScope(db, req.user!, memoria.idUsuario);
      if (idClase === undefined) return scope;
      return scope ? and(scope, inClass(db, idClase, memoria.idUsuario)) : inClass(db, idClase, memoria.idUsuario);
    },
  },
}));
