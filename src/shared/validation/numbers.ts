import { z } from 'zod';

/**
 * Integers as the database keeps them. Every id and count column is a PostgreSQL `integer`
 * (serial ids too): a value past 2,147,483,647 makes the query itself fail, which answered 500.
 * Every schema bounds its integers here, on both ends, so such a value is a 400 with the field's
 * own Spanish message and never reaches a query.
 */
export const DB_INT_MAX = 2_147_483_647;

/** A record id: an integer in 1..DB_INT_MAX; any other value (or type) gets `msg`. */
export const dbId = (msg: string) => z.number({ error: msg }).int(msg).min(1, msg).max(DB_INT_MAX, msg);

/** A count or score kept in an integer column: an integer in 0..DB_INT_MAX. */
export const dbCount = (msg: string, negativeMsg = msg) => z.number({ error: msg }).int(msg).min(0, negativeMsg).max(DB_INT_MAX, msg);

/**
 * An id that may arrive as text (path, query, multipart field, JSON written by hand): digits only
 * (surrounding spaces allowed) are read as their number; anything else is left for `dbId` to refuse.
 */
export const dbIdFromText = (msg: string) => z.preprocess((v) => (typeof v === 'string' && /^\s*\d{1,10}\s*$/.test(v) ? Number(v) : v), dbId(msg));

/** True for an integer a `dbId` accepts (for code that checks a value outside zod). */
export const isDbId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= DB_INT_MAX;
