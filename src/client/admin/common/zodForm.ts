import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import { z } from 'zod';

interface SchemaResolverOptions {
  /** Form values the schema must not see (e.g. a question's stored answers on edit, edited elsewhere). */
  omit?: readonly string[];
  /** Where a wire field's message shows when the form names the field otherwise (rol: idUsuario → id_usuario). */
  errorPaths?: Readonly<Record<string, string>>;
}

/**
 * A react-admin form `resolver` from a resource's shared zod schema: the rules and their
 * messages (screens-backoffice.md, each resource's Rules table) come only from src/shared/resources, as the server applies them.
 *
 * The form holds more than the wire (file inputs as `{rawFile, src}`, read-only relations such as
 * `nivel` or `evaluaciones`): z.object ignores unknown keys, and the form's values are submitted as
 * they are (`raw`), never the schema's parsed output, so the dataProvider still sees the files.
 * A control on screen left untouched is `undefined` in react-hook-form, which the wire reads as
 * "not sent" (the second reading's defaults, e.g. Tipo → 'Texto'); in a form it means "left
 * empty", so every key the schema declares is passed as null when undefined.
 */
export function schemaResolver<T extends FieldValues = FieldValues>(schema: z.ZodType, opts: SchemaResolverOptions = {}): Resolver<T> {
  // The resolver's overloads are typed per zod version; any zod 4 schema is accepted at run time.
  const resolve = zodResolver(schema as z.ZodType<unknown, FieldValues>, undefined, { raw: true }) as unknown as Resolver<FieldValues>;
  const omit = new Set(opts.omit ?? []);
  const keys = schema instanceof z.ZodObject ? Object.keys(schema.shape).filter((k) => !omit.has(k)) : [];
  return async (values, context, options) => {
    const input: FieldValues = {};
    for (const [k, v] of Object.entries(values)) if (!omit.has(k)) input[k] = v;
    for (const k of keys) if (input[k] === undefined) input[k] = null;
    const result = await resolve(input, context, options as never);
    const errors: FieldErrors = { ...result.errors };
    if (Object.keys(errors).length === 0) return { values, errors: {} };
    for (const [wire, form] of Object.entries(opts.errorPaths ?? {})) {
      if (errors[wire] && !errors[form]) errors[form] = errors[wire];
      delete errors[wire];
    }
    return { values: {}, errors: errors as FieldErrors<T> };
  };
}

/** The first message of a field in a resolver's errors (an array field's own message sits in `root`). */
export function fieldError(errors: FieldErrors, path: string): string | undefined {
  let node: unknown = errors;
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  const e = node as { message?: string; root?: { message?: string } } | undefined;
  return e?.root?.message ?? e?.message;
}
