import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The shared tables, and every table a resource keeps in its own folder (`<entity>/table.ts`,
  // docs/adding-a-resource.md): a glob, so a new resource's table is found without a list.
  // src/server/db/tables.ts finds the same files for ALL_TABLES.
  schema: ['./src/server/db/schema.ts', './src/server/resources/*/table.ts'],
  out: './src/server/db/migrations',
});
