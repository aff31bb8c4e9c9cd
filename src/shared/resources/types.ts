import type { z } from 'zod';
import { atLeast, type Role } from '../roles';
import '../validation/spanish';

/**
 * One declaration per entity: the server registers its routes from it and the react-admin
 * dataProvider reads the same table, so an endpoint is spelt once (paths exactly as
 * docs/product/routes.md spells them, relative to `api/`, `{id}` standing for the record id).
 */
export interface ResourceDecl<S extends z.ZodType = z.ZodType> {
  /** react-admin resource name = the admin route child (`nivel`, `palabra`, `conten`...). */
  name: string;
  /** The record's id field on the wire (`id_nivel`, `id_palabra`, `id`...). */
  idField: string;
  paths: {
    list?: string;
    one?: string;
    create?: string;
    update?: string;
    delete?: string;
  };
  /** The key the list arrives under, or null for a plain array. */
  listKey: 'data' | 'users' | null;
  /** Create/update sent as multipart/form-data (with `fileFields`) instead of JSON. */
  multipart: boolean;
  fileFields?: readonly string[];
  /** Create/update payload, with the Spanish messages of screens-backoffice.md's Rules tables. */
  schema: S;
  /**
   * Wire fields the `q` list parameter searches (case-insensitive substring; dotted names reach a
   * joined relation, e.g. `institucion.nombre`). The server maps each to its column: this list is the
   * only list of search columns.
   */
  searchFields: readonly string[];
  /**
   * Whether the top bar's search across resources (GET /api/buscar) lists this resource's rows.
   * Default true; the per-child memory and review log are rows per child × word, not things a
   * teacher looks up by name (their own screens search them).
   */
  globalSearch?: boolean;
  /** Minimum role for writes (the server enforces it; the admin's canAccess reads the same value). */
  writeRole: Role;
  /** Minimum role for reads (list, one). */
  readRole: Role;
  /**
   * Minimum role that opens the back-office screen `/admin/<name>` (routes.md ).
   * Default: admin, or readRole when that is higher.
   */
  adminRole?: Role;
  /** List quirk: drop duplicate rows by this field (getPalabras). */
  dedupeBy?: string;
  /** Where a failed delete's message is read from (`error.message` for palabra). */
  errorMessageKey?: 'msg' | 'message';
}

export const defineResource = <S extends z.ZodType>(decl: ResourceDecl<S>) => decl;

type WriteAction = 'create' | 'edit' | 'delete';

/** The path each write action needs: an action whose path is not declared does not exist. */
const ACTION_PATH: Record<WriteAction, keyof ResourceDecl['paths']> = { create: 'create', edit: 'update', delete: 'delete' };

/** Minimum role for a write action, or null when the resource has no such action. */
export function actionRole(decl: ResourceDecl, action: WriteAction): Role | null {
  return decl.paths[ACTION_PATH[action]] ? decl.writeRole : null;
}

/** Minimum role that opens the resource's back-office screen. */
export function adminRoleOf(decl: ResourceDecl): Role {
  return decl.adminRole ?? (atLeast(decl.readRole, 'admin') ? decl.readRole : 'admin');
}

/** Fills `{id}` in a declared path. */
export const fillPath = (path: string, id: string | number) => path.replace('{id}', encodeURIComponent(String(id)));
