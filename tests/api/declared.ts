import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ResourceDecl } from '../../src/shared/resources/types';

const SHARED = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/shared/resources');

/**
 * Every resource declaration in src/shared/resources/ (an export with a name, paths and a schema),
 * found by listing the folder as the server's loader does, so the suites that run over "every
 * resource" cover a new one without being edited.
 */
export async function declaredResources(): Promise<ResourceDecl[]> {
  const out = new Map<string, ResourceDecl>();
  for (const file of readdirSync(SHARED)
    .filter((f) => f.endsWith('.ts'))
    .sort()) {
    const mod = (await import(pathToFileURL(path.join(SHARED, file)).href)) as Record<string, unknown>;
    for (const v of Object.values(mod)) {
      const d = v as Partial<ResourceDecl> | null;
      if (d && typeof d === 'object' && typeof d.name === 'string' && d.paths && d.schema) out.set(d.name, d as ResourceDecl);
    }
  }
  return [...out.values()];
}

/** The body fields a zod schema reads (through refinements, pipes, unions and optional wrappers). */
export function schemaFields(schema: unknown): string[] {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } })?._zod?.def;
  if (!def) return [];
  if (def.type === 'object') return Object.keys(def.shape as object);
  const inner = [def.in, def.innerType, def.left, def.right, ...((def.options as unknown[]) ?? [])].filter(Boolean);
  return [...new Set(inner.flatMap(schemaFields))];
}
