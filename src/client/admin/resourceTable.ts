import type { DataProvider } from 'react-admin';
import type { ResourceDecl } from '../../shared/resources/types';
import { nivelResource } from '../../shared/resources/nivel';
import { palabraResource } from '../../shared/resources/palabra';
import { contenidoResource } from '../../shared/resources/contenido';
import { multimediaResource } from '../../shared/resources/multimedia';
import { evaluacionResource } from '../../shared/resources/evaluacion';
import { preguntaResource } from '../../shared/resources/pregunta';
import { RESPUESTAS_POR_PREGUNTA_PATH, respuestaResource } from '../../shared/resources/respuesta';
import { institucionResource } from '../../shared/resources/institucion';
import { dominioResource } from '../../shared/resources/dominio';
import { comentarioResource } from '../../shared/resources/comentario';
import { progresoResource } from '../../shared/resources/progreso';
import { usuarioResource } from '../../shared/resources/usuario';
import { rolResource } from '../../shared/resources/rol';

/**
 * The dataProvider's table: one row per admin resource = the server's declaration for the entity
 * (src/shared/resources/: paths as the spec spells them relative to `api/`, id field, list key,
 * multipart, file fields, de-duplication, error key) plus the client's quirks below.
 */
export interface ResourceRow {
  name: string;
  idField: string;
  paths: { list?: string; one?: string; create?: string; update?: string; delete?: string };
  /** The key the list arrives under, or null for a plain array. */
  listKey: 'data' | 'users' | null;
  multipart: boolean;
  /** Multipart fields that carry a file (`{rawFile}` values from the file inputs). */
  fileFields?: readonly string[];
  /** Drop duplicate list rows by this field (getPalabras). */
  dedupeBy?: string;
  /** Where a failed call's message is read from (`message` for palabra delete). */
  errorMessageKey?: 'msg' | 'message';
  /** Lists of one parent's children served by a dedicated path (getManyReference). */
  byReference?: Record<string, string>;
  /** JSON writes send the whole record (the users' status toggle sends the full user). */
  sendFullRecord?: boolean;
  /** Extra wire quirks for writes (e.g. rol sends idUsuario as a number). */
  toWire?: (data: Record<string, unknown>) => Record<string, unknown>;
  /**
   * Runs after a successful create with the created record and what the form held (pregunta:
   * upload the images of the answers created with it). May flag a partial failure on the record.
   */
  afterCreate?: (created: Record<string, unknown>, sent: Record<string, unknown>, provider: DataProvider) => Promise<Record<string, unknown>>;
  /** Fields a write never sends (relations and computed columns read from the list). */
  readOnlyFields?: readonly string[];
}

/** The client's quirks per resource; paths and shapes come from the declaration (DECLS). */
type Quirks = Omit<ResourceRow, 'idField' | 'paths' | 'listKey' | 'multipart'> & Partial<Pick<ResourceRow, 'idField' | 'paths' | 'listKey' | 'multipart'>>;

const num = (v: unknown) => (v === undefined || v === null || v === '' ? v : Number(v));

const QUIRKS: Quirks[] = [
  { name: 'nivel', readOnlyFields: ['evaluaciones'] },
  { name: 'palabra', readOnlyFields: ['nivel'], toWire: (d) => ({ ...d, id_nivel: num(d.id_nivel) }) },
  { name: 'conten', readOnlyFields: ['nivel', 'palabra', 'url_archivo'] },
  { name: 'multimedia', readOnlyFields: ['palabra', 'url', 'tamano', 'compacta'], byReference: { id_palabra: 'multimedia/palabra/{id}' } },
  { name: 'evaluacion', readOnlyFields: ['nivel', 'preguntas'], toWire: (d) => ({ ...d, id_nivel: num(d.id_nivel), puntaje: num(d.puntaje) }) },
  {
    name: 'pregunta',
    readOnlyFields: ['evaluacion'],
    // Answers travel with the question as JSON text (text and valor only: their images follow).
    toWire: (d) => ({
      ...d,
      respuestas: Array.isArray(d.respuestas) ? d.respuestas.map((r: { respuesta?: unknown; valor?: unknown }) => ({ respuesta: r.respuesta ?? '', valor: !!r.valor })) : undefined,
    }),
    afterCreate: uploadAnswerImages,
  },
  { name: 'respuesta', readOnlyFields: ['pregunta'], byReference: { id_pregunta: RESPUESTAS_POR_PREGUNTA_PATH } },
  { name: 'institucion' },
  { name: 'dominio', readOnlyFields: ['institucion'], toWire: (d) => ({ ...d, id_institucion: num(d.id_institucion) }) },
  { name: 'comentario', readOnlyFields: ['usuario', 'fecha'], toWire: (d) => ({ ...d, id_user: num(d.id_user), calificacion: num(d.calificacion) }) },
  { name: 'progreso' },
  { name: 'usuario', sendFullRecord: true },
  {
    name: 'rol',
    readOnlyFields: ['usuario'],
    // The payload sends the user as idUsuario, a number (spec section 3).
    toWire: ({ id_usuario, ...d }) => ({ ...d, idUsuario: num(id_usuario) }),
  },
  // The teacher results list has no server declaration (a read-only report): its row is here.
  { name: 'resultados', idField: 'id', listKey: null, multipart: false, paths: { list: 'resultados/resultados-profesor' } },
];

export const ANSWERS_SAVE_ERROR = 'Error al guardar las respuestas.';

/**
 * The question is created with its answers in one call; then each answer that had a picture gets
 * it through its own update call (the spec registers answers one by one). A failure there leaves
 * the question and flags `_respuestasError` so the form can say 'Error al guardar las respuestas.'.
 */
async function uploadAnswerImages(created: Record<string, unknown>, sent: Record<string, unknown>, provider: DataProvider) {
  const wanted = Array.isArray(sent.respuestas) ? (sent.respuestas as { imagen?: { rawFile?: unknown } }[]) : [];
  const made = Array.isArray(created.respuestas) ? (created.respuestas as { id_respuesta: number; respuesta: string; valor: boolean }[]) : [];
  try {
    for (let i = 0; i < wanted.length; i++) {
      const img = wanted[i]?.imagen;
      const target = made[i];
      if (!img?.rawFile || !target) continue;
      await provider.update('respuesta', {
        id: target.id_respuesta,
        data: { respuesta: target.respuesta, valor: target.valor, id_pregunta: created.id_pregunta, imagen: img },
        previousData: { id: target.id_respuesta },
      });
    }
    return created;
  } catch {
    return { ...created, _respuestasError: ANSWERS_SAVE_ERROR };
  }
}

/** The server's declarations (src/shared/resources/): endpoints spelt once. */
export const DECLS: ResourceDecl[] = [
  nivelResource, palabraResource, contenidoResource, multimediaResource, evaluacionResource, preguntaResource, respuestaResource,
  institucionResource, dominioResource, comentarioResource, progresoResource, usuarioResource, rolResource,
];

/** Merges a server declaration into a row: its spellings win, the row's quirks stay. */
export function mergeRow(row: Quirks, decl: ResourceDecl | undefined): ResourceRow {
  if (!decl) {
    if (!row.paths || row.idField === undefined || row.listKey === undefined || row.multipart === undefined) throw new Error(`Sin declaración para ${row.name}`);
    return row as ResourceRow;
  }
  return {
    ...row,
    idField: decl.idField,
    paths: { ...decl.paths },
    listKey: decl.listKey,
    multipart: decl.multipart,
    fileFields: decl.fileFields ?? row.fileFields,
    dedupeBy: decl.dedupeBy ?? row.dedupeBy,
    errorMessageKey: decl.errorMessageKey ?? row.errorMessageKey,
  };
}

export function buildTable(decls: readonly ResourceDecl[] = DECLS): Record<string, ResourceRow> {
  const byName = new Map(decls.map((d) => [d.name, d]));
  const table: Record<string, ResourceRow> = {};
  for (const row of QUIRKS) table[row.name] = mergeRow(row, byName.get(row.name));
  return table;
}

export const RESOURCE_TABLE = buildTable();
