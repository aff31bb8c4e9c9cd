import type { z } from 'zod';
import type { Role } from '../roles';

/**
 * One declaration per entity: the server registers its routes from it and the react-admin
 * dataProvider reads the same table, so an endpoint is spelt once (paths exactly as the spec
 * spells them, relative to `api/`, `{id}` standing for the record id).
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
  /** Create/update payload, with the spec's Spanish messages. */
  schema: S;
  /** Fields the `q` list parameter searches (case-insensitive substring). */
  searchFields: readonly string[];
  /** Minimum role for writes (the server enforces it; the admin mirrors it). */
  writeRole: Role;
  /** Minimum role for reads. */
  readRole: Role;
  /** List quirk: drop duplicate rows by this field (getPalabras). */
  dedupeBy?: string;
  /** Where a failed delete's message is read from (`error.message` for palabra). */
  errorMessageKey?: 'msg' | 'message';
}

export const defineResource = <S extends z.ZodType>(decl: ResourceDecl<S>) => decl;

/** Fills `{id}` in a declared path. */
export const fillPath = (path: string, id: string | number) => path.replace('{id}', encodeURIComponent(String(id)));
