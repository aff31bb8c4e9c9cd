import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { registerResource, type ResourceFactory } from './define';

const here = path.dirname(fileURLToPath(import.meta.url));

/** A module of extra routes of an entity (`<entity>/routes.ts`): registered after the bindings. */
export type EntityRoutes = (app: FastifyInstance, ctx: AppContext) => Promise<void> | void;

export interface EntityFolder {
  /** The folder's name (the entity). */
  folder: string;
  /** Its binding (`index.ts`'s default export), when it is a back-office resource. */
  factory?: ResourceFactory;
  /** Its extra routes (`routes.ts`'s default export). */
  routes?: EntityRoutes;
}

/**
 * Every entity folder here (`<entity>/index.ts`, the binding, and an optional `<entity>/routes.ts`,
 * its extra routes), found by listing the folder so that adding a resource touches no list
 * (docs/adding-a-resource.md). Sorted by name: registration order never matters (paths are distinct).
 */
export async function loadEntities(): Promise<EntityFolder[]> {
  const folders = readdirSync(here, { withFileTypes: true })
    .filter((d) => d.isDirectory() && /^[a-z][a-z0-9-]*$/.test(d.name))
    .map((d) => d.name)
    .sort();
  const out: EntityFolder[] = [];
  for (const folder of folders) {
    const entity: EntityFolder = { folder };
    for (const [file, key] of [
      ['index.ts', 'factory'],
      ['routes.ts', 'routes'],
    ] as const) {
      const full = path.join(here, folder, file);
      if (!existsSync(full)) continue;
      const mod = (await import(pathToFileURL(full).href)) as { default?: unknown };
      if (typeof mod.default !== 'function') throw new Error(`src/server/resources/${folder}/${file} no exporta una función por defecto.`);
      entity[key] = mod.default as never;
    }
    if (!entity.factory && !entity.routes) throw new Error(`src/server/resources/${folder}/ no tiene index.ts ni routes.ts.`);
    out.push(entity);
  }
  return out;
}

/** Every resource binding (the entity folders that have one). */
export async function loadResources(): Promise<{ file: string; factory: ResourceFactory }[]> {
  return (await loadEntities()).flatMap((e) => (e.factory ? [{ file: `${e.folder}/index.ts`, factory: e.factory }] : []));
}

/** Registers the CRUD routes of every resource binding, then every entity's extra routes. */
export async function registerResources(app: FastifyInstance, ctx: AppContext) {
  const entities = await loadEntities();
  for (const { factory } of entities) if (factory) registerResource(app, ctx, factory(ctx));
  // Each entity's extra routes in a scope of their own, so a hook one folder adds never reaches another's routes.
  for (const { routes } of entities) if (routes) await app.register(async (scope) => routes(scope, ctx));
}
