import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { escapeLike } from '../routes/list';

/**
 * The lists' case-insensitive substring search, `col ILIKE '%q%'`, written as PostgreSQL defines
 * ILIKE in a multibyte (UTF8) database: `lower(col) LIKE lower('%q%')`. Same rows; but the
 * pattern is lowered once instead of once per row, 3× faster on PGlite (docs/performance.md).
 */
export function contains(col: AnyColumn | SQL, q: string): SQL {
  return sql`lower(${col}) like lower(${`%${escapeLike(q)}%`})`;
}
