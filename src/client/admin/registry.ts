import type { AdminResourceMeta } from './resourceMeta';

export type { AdminResourceMeta, ResourceMessages, ResourceQuirks } from './resourceMeta';

/**
 * Every resource.ts under resources/, found by Vite at build time (import.meta.glob), so adding a
 * resource's folder is all it takes to appear in the menu, the access rules and the dataProvider
 * (docs/adding-a-resource.md).
 */
const modules = import.meta.glob<{ default: AdminResourceMeta }>('./resources/*/resource.ts', { eager: true });

export const ADMIN_RESOURCES: readonly AdminResourceMeta[] = Object.entries(modules)
  .map(([file, mod]) => {
    const folder = file.split('/')[2];
    if (mod.default.decl.name !== folder)
      throw new Error(`resources/${folder}/resource.ts declara "${mod.default.decl.name}": el nombre debe ser el de la carpeta.`);
    return mod.default;
  })
  .sort((a, b) => a.decl.name.localeCompare(b.decl.name));

export const adminResourceByName = (name: string) => ADMIN_RESOURCES.find((r) => r.decl.name === name);
