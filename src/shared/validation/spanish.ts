import { z } from 'zod';

/**
 * zod's own messages, for a rule a schema gives no message of its own (a missing or mistyped field
 * of a body docs/product does not describe), in Spanish on both ends: zod ships the locale, so no table
 * of ours. Every message the product specifies is still written in its schema.
 */
z.config(z.locales.es());
