import type { DataProvider } from 'react-admin';
import type { ResourceDecl } from '../../shared/resources/types';

/**
 * The success and error texts of one resource (docs/product/screens-backoffice.md B-1.4), verbatim.
 * `m` is the reason the server gave.
 */
export interface ResourceMessages {
  load: (m: string) => string;
  created?: string;
  createError?: (m: string) => string;
  updated?: string;
  updateError?: (m: string) => string;
  deleted?: string;
  deleteError?: (m: string) => string;
  /** The delete dialog's resource-specific wording (content under the '¿Estás seguro?' title). */
  confirmDelete?: string;
  /** The warning when a form is submitted invalid. */
  invalidForm?: string;
}

/** What the dataProvider does differently for a resource (the wire's quirks). */
export interface ResourceQuirks {
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

/**
 * The back office's half of a resource, next to its screens in
 * src/client/admin/resources/<name>/resource.ts: the shared declaration (paths, schema, roles),
 * its sidebar entry, its B-1.4 messages and its wire quirks. No React here, so access rules, the
 * menu and the dataProvider read it without loading any screen.
 */
export interface AdminResourceMeta {
  decl: ResourceDecl;
  /** The sidebar entry: Spanish label and its place in B-1.1's order (menu.ts). */
  menu?: { label: string; order: number };
  messages: ResourceMessages;
  quirks?: ResourceQuirks;
}

export const adminResource = (meta: AdminResourceMeta) => meta;

/** A form value as the number the server expects (ids and scores from selects and text inputs); blanks stay blank. */
export const num = (v: unknown) => (v === undefined || v === null || v === '' ? v : Number(v));
