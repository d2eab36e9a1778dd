import * as domain from '@candid/domain';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The document's named schemas (`components.schemas`), made from the domain's zod schemas in
 * one place: every exported `fooBarSchema` of `@candid/domain` is the component `FooBar`
 * (docs/api.md). A route that uses the domain's schema, or a schema built from it, gets a
 * `$ref` to the component instead of a copy, so a client generated from the document has one
 * `Job` type where the server has one `jobSchema`.
 *
 * fastify-type-provider-zod names a schema's request side `<Name>Input`, so `fooInputSchema` is
 * named `Foo` (its request side `FooInput`), unless a `fooSchema` already takes that name.
 */
function domainSchemaRegistry(): z.core.$ZodRegistry<{ id?: string }> {
  const registry = z.registry<{ id?: string }>();
  const exports = Object.entries(domain)
    .filter(([name, value]) => value instanceof z.ZodType && /.Schema$/.test(name))
    .map(([name, value]) => ({ name: name.slice(0, -'Schema'.length), schema: value as z.ZodType }))
    // Plain names first, so `fooSchema` takes `Foo` before `fooInputSchema` could.
    .sort(
      (a, b) =>
        Number(a.name.endsWith('Input')) - Number(b.name.endsWith('Input')) ||
        a.name.localeCompare(b.name),
    );
  const ids = new Set<string>();
  for (const { name, schema } of exports) {
    const id = (name[0]!.toUpperCase() + name.slice(1)).replace(/(.)Input$/, '$1');
    if (ids.has(id) || registry.has(schema)) continue;
    ids.add(id);
    registry.add(schema, { id });
  }
  return registry;
}

export const namedSchemas = domainSchemaRegistry();

/** Query, path and header schemas stay inline: the document lists their fields one by one. */
const PARAMETER_PARTS = ['querystring', 'params', 'headers'] as const;

type RouteTransform = ReturnType<typeof createJsonSchemaTransform>;
type RouteDocument = Parameters<RouteTransform>[0];

const namedTransform = createJsonSchemaTransform({ schemaRegistry: namedSchemas });
const inlineTransform = createJsonSchemaTransform({
  schemaRegistry: z.registry<{ id?: string }>(),
});

/**
 * The per-route transform: bodies and answers refer to the named schemas; the query, path and
 * header schemas are written out in full, since each of their fields becomes a parameter.
 */
export const transformRoute: RouteTransform = (route: RouteDocument) => {
  const schema = route.schema as Record<string, unknown> | undefined;
  if (!schema) return namedTransform(route);
  const parameters = Object.fromEntries(PARAMETER_PARTS.map((part) => [part, schema[part]]));
  const rest = {
    ...schema,
    ...Object.fromEntries(PARAMETER_PARTS.map((part) => [part, undefined])),
  };
  const named = namedTransform({ ...route, schema: rest } as RouteDocument);
  if ((named.schema as { hide?: boolean }).hide) return named;
  const inline = inlineTransform({ ...route, schema: parameters } as RouteDocument);
  return { ...named, schema: { ...named.schema, ...inline.schema } };
};
