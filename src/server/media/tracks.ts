import { sql } from 'drizzle-orm';
import type { Db } from '../db';
import { multimedia, trazo } from '../db/schema';
import { isSignMedia } from '../resources/palabra';

/** A stored track whose address is a word's sign now (the SQL of the sign rule, isSignMedia). */
export const isCurrentSign = sql`exists (select 1 from ${multimedia} where ${multimedia.url} = ${trazo.url} and ${isSignMedia})`;

/**
 * Drops the tracks whose address is no longer any word's sign: a replaced sign's file (stored files
 * have content-addressed names with a random part, never reused, so the new file has a new address
 * and no track until it is built) or a deleted one. Called after a media file is stored
 * (resources/multimedia.ts); GET /api/trazo also serves only a current sign's track.
 */
export async function dropStaleTracks(db: Db): Promise<void> {
  await db.delete(trazo).where(sql`not ${isCurrentSign}`);
}
