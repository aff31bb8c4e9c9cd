import type { ResourceDecl } from '../../shared/resources/types';
import { ADMIN_RESOURCES, type ResourceQuirks } from './registry';

/**
 * The dataProvider's table: one row per admin resource = the server's declaration for the entity
 * (src/shared/resources/: paths as routes.md spells them relative to `api/`, id field, list key,
 * multipart, file fields, de-duplication, error key) plus the client's quirks below.
 */
export interface ResourceRow extends ResourceQuirks {
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
}

/** The client's quirks per resource; paths and shapes come from the declaration. */
type Quirks = Omit<ResourceRow, 'idField' | 'paths' | 'listKey' | 'multipart'> & Partial<Pick<ResourceRow, 'idField' | 'paths' | 'listKey' | 'multipart'>>;

/** Every declared resource's quirks (its admin folder's resource.ts), plus the read-only reports. */
const QUIRKS: Quirks[] = [
  ...ADMIN_RESOURCES.map((r) => ({ name: r.decl.name, ...r.quirks })),
  // The teacher results list has no server declaration (a read-only report): its row is here.
  { name: 'resultados', idField: 'id', listKey: null, multipart: false, paths: { list: 'resultados/resultados-profesor' } },
];

/** The server's declarations (src/shared/resources/, through each admin folder): endpoints spelt once. */
export const DECLS: ResourceDecl[] = ADMIN_RESOURCES.map((r) => r.decl);

/** Merges a server declaration into a row: its spellings win, the row's quirks stay. */
export function mergeRow(row: Quirks, decl: ResourceDecl | undefined): ResourceRow {
  if (!decl) {
    if (!row.paths || row.idField === undefined || row.listKey === undefined || row.multipart === undefined)
      throw new Error(`Sin declaración para ${row.name}`);
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
