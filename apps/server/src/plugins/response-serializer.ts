import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;
type Writer = (data: unknown) => string;

/**
 * `anyOf: [X, null]` (zod's nullable) as `type: [X's type, "null"]`: fast-json-stringify writes the
 * latter directly, where it decides an anyOf per value with a validator.
 */
function nullableAsType(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(nullableAsType);
  if (!schema || typeof schema !== 'object') return schema;
  const out = Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, nullableAsType(value)]),
  ) as JsonSchema;
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (anyOf?.length !== 2) return out;
  const nullAt = anyOf.findIndex((s) => s.type === 'null' && Object.keys(s).length === 1);
  const other = anyOf[1 - nullAt];
  if (nullAt < 0 || typeof other?.type !== 'string') return out;
  const { anyOf: _, ...rest } = out;
  return { ...rest, ...other, type: [other.type, 'null'] };
}

/**
 * A response schema as a fast-json-stringify writer, compiled on first use (compiling all ~170 at
 * start would cost a quarter of a second): it writes the schema's fields only, so a field the
 * contract does not name never leaves the server.
 */
export function compiledWriter(schema: z.ZodType): Writer {
  let write: Writer | undefined;
  return (data) => {
    write ??= fastJson(
      nullableAsType(
        z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-7' }),
      ) as never,
    );
    return write(data);
  };
}

/**
 * How answers are written (docs/decisions/0023-request-and-start-costs.md). `compiled` (production): by the
 * schema's compiled writer alone, a third of zod's time for a list page. `checked` (development and
 * tests): zod checks the answer against the contract as well, and the compiled writer's text must
 * say the same, so every answer the test suite sees proves the two agree.
 */
export function responseSerializer(mode: 'compiled' | 'checked'): FastifySerializerCompiler<z.ZodType> {
  return (route) => {
    const write = compiledWriter(route.schema);
    if (mode === 'compiled') return write;
    const check = zodSerializerCompiler(route as never) as Writer;
    return (data) => {
      const checked = check(data);
      const written = write(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(checked)))
        throw new Error(
          `${route.method} ${route.url}: the compiled writer wrote ${written.slice(0, 300)} where the contract gives ${checked.slice(0, 300)}`,
        );
      return written;
    };
  };
}
