import { ADMIN_RESOURCES, type ResourceMessages } from './registry';

export type { ResourceMessages };

/**
 * The success and error texts per resource (docs/product/screens-backoffice.md B-1.4), verbatim: each
 * lives in its admin folder's resource.ts; this is the lookup by resource name.
 */
export const MESSAGES: Record<string, ResourceMessages> = Object.fromEntries(ADMIN_RESOURCES.map((r) => [r.decl.name, r.messages]));

export const EVALUACION_DELETE_WARNING = 'Las evaluaciones no se pueden eliminar desde aquí.';
