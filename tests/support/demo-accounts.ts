/** The demo accounts the seed creates (src/server/demo/seed.ts), by role: the API and e2e tests sign in as them. */
export const DEMO = {
  superadmin: 'superadmin@manitas.test',
  admin: 'admin@manitas.test',
  profesor: 'profesor@manitas.test',
  nino: 'nino@manitas.test',
  nina: 'nina@manitas.test',
} as const;
export type DemoUser = keyof typeof DEMO;
