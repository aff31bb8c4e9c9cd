import pg from 'pg';

/** Runs statements, one after another, on one connection to `connectionString` (PostgreSQL only). */
export async function adminQuery(connectionString: string, statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    for (const s of statements) await client.query(s);
  } finally {
    await client.end();
  }
}
