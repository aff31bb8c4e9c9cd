import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { registerResource, type ResourceFactory } from './define';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Every resource binding in this folder (`<entity>.ts` whose default export is a serverResource),
 * found by listing the folder so that adding a resource touches no list (docs/adding-a-resource.md).
 * Sorted by file name: registration order never matters (paths are distinct).
 */
export async function loadResources(): Promise<{ file: string; factory: ResourceFactory }[]> {
  const files = readdirSync(here)
    .filter((f) => /^[a-z][a-z0-9-]*\.ts$/.test(f) && f !== 'index.ts' && f !== 'define.ts')
    .sort();
  const out: { file: string; factory: ResourceFactory }[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(here, file)).href)) as { default?: unknown };
    if (typeof mod.default !== 'function') throw new Error(`src/server/resources/${file} no exporta un serverResource por defecto.`);
    out.push({ file, factory: mod.default as ResourceFactory });
  }
  return out;
}

/** Registers the CRUD routes of every resource binding. */
export async function registerResources(app: FastifyInstance, ctx: AppContext) {
  for (const { factory } of await loadResources()) registerResource(app, ctx, factory(ctx));
}
