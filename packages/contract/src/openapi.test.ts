import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  datacenterBodySchema,
  serverSchema,
  serverUpdateBodySchema,
  serverUpdateBodyShapesSchema,
} from './devices.js';
import { errorBodySchema } from './errors.js';
import { buildOpenApiDocument, type JsonSchema, type OpenApiDocument } from './openapi.js';

const options = { serverUrl: 'https://brezza.example.com', productName: 'Acme Cooling' };
const document = buildOpenApiDocument(options);
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const operations = (doc: OpenApiDocument) =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  );

/** Every value under `value` with the JSON pointer that reaches it. */
function* walk(value: unknown, pointer = ''): Generator<[string, unknown]> {
  yield [pointer, value];
  if (typeof value !== 'object' || value === null) return;
  for (const [key, child] of Object.entries(value)) {
    yield* walk(child, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
  }
}

function resolve(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>(
      (node, key) =>
        typeof node === 'object' && node !== null && Object.hasOwn(node, key)
          ? (node as Record<string, unknown>)[key]
          : undefined,
      doc,
    );
}

// The JSON Schema 2020-12 keywords the document may use, with what each one's value must be.
const TYPES = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'];
const isSchema = (value: unknown) =>
  typeof value === 'boolean' ||
  (typeof value === 'object' && value !== null && !Array.isArray(value));
const isCount = (value: unknown) => Number.isInteger(value) && (value as number) >= 0;
const isSchemaList = (value: unknown) =>
  Array.isArray(value) && value.length > 0 && value.every(isSchema);
const compiles = (value: unknown) => {
  try {
    return typeof value === 'string' && new RegExp(value, 'u') instanceof RegExp;
  } catch {
    return false;
  }
};
const KEYWORDS: Record<string, (value: unknown) => boolean> = {
  type: (value) =>
    (typeof value === 'string' && TYPES.includes(value)) ||
    (Array.isArray(value) &&
      value.length > 0 &&
      new Set(value).size === value.length &&
      value.every((type) => TYPES.includes(type))),
  properties: (value) => isSchema(value) && Object.values(value as object).every(isSchema),
  required: (value) =>
    Array.isArray(value) &&
    new Set(value).size === value.length &&
    value.every((name) => typeof name === 'string'),
  additionalProperties: isSchema,
  propertyNames: isSchema,
  items: isSchema,
  not: isSchema,
  prefixItems: isSchemaList,
  anyOf: isSchemaList,
  oneOf: isSchemaList,
  allOf: isSchemaList,
  enum: (value) => Array.isArray(value) && value.length > 0,
  const: () => true,
  minimum: (value) => typeof value === 'number',
  maximum: (value) => typeof value === 'number',
  exclusiveMinimum: (value) => typeof value === 'number',
  exclusiveMaximum: (value) => typeof value === 'number',
  minLength: isCount,
  maxLength: isCount,
  minItems: isCount,
  maxItems: isCount,
  pattern: compiles,
  format: (value) => typeof value === 'string',
  description: (value) => typeof value === 'string',
  $ref: (value) => typeof value === 'string',
};

/** What makes `schema` (and every schema inside it) not a JSON Schema 2020-12 schema. */
function schemaProblems(schema: unknown, where: string): string[] {
  if (typeof schema === 'boolean') return [];
  if (!isSchema(schema)) return [`${where} is not a schema`];
  const problems: string[] = [];
  for (const [keyword, value] of Object.entries(schema as JsonSchema)) {
    const check = KEYWORDS[keyword];
    if (!check) problems.push(`${where}: unknown keyword ${keyword}`);
    else if (!check(value)) problems.push(`${where}: bad ${keyword} ${JSON.stringify(value)}`);
  }
  const { properties, additionalProperties, propertyNames, items, not } = schema as JsonSchema;
  const children: [string, unknown][] = [
    ...Object.entries((properties as object | undefined) ?? {}).map(
      ([name, child]): [string, unknown] => [`${where}.properties.${name}`, child],
    ),
    ...Object.entries({ additionalProperties, propertyNames, items, not })
      .filter(([, child]) => child !== undefined)
      .map(([keyword, child]): [string, unknown] => [`${where}.${keyword}`, child]),
    ...['prefixItems', 'anyOf', 'oneOf', 'allOf'].flatMap((keyword) =>
      (((schema as JsonSchema)[keyword] as unknown[] | undefined) ?? []).map(
        (child, index): [string, unknown] => [`${where}.${keyword}[${index}]`, child],
      ),
    ),
  ];
  return [...problems, ...children.flatMap(([path, child]) => schemaProblems(child, path))];
}

describe('buildOpenApiDocument', () => {
  it('is an OpenAPI 3.1 document for the given deployment', () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info.title).toBe('Acme Cooling API');
    expect(document.info.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(document.servers).toEqual([{ url: options.serverUrl }]);
  });

  it('is plain JSON and the same on every call', () => {
    expect(JSON.parse(JSON.stringify(document))).toEqual(document);
    expect(buildOpenApiDocument(options)).toEqual(document);
  });

  it('gives every path at least one operation, and every operation its responses', () => {
    expect(Object.keys(document.paths).length).toBeGreaterThan(0);
    for (const [path, item] of Object.entries(document.paths)) {
      expect(path).toMatch(/^\//);
      const methods = Object.keys(item);
      expect(methods.length, path).toBeGreaterThan(0);
      for (const method of methods) expect(METHODS, `${path} ${method}`).toContain(method);
    }
    for (const { path, method, operation } of operations(document)) {
      const statuses = Object.keys(operation.responses);
      expect(statuses.length, `${method} ${path}`).toBeGreaterThan(0);
      expect(
        statuses.some((status) => /^2\d\d$/.test(status)),
        `${method} ${path}`,
      ).toBe(true);
      for (const [status, response] of Object.entries(operation.responses)) {
        expect(status).toMatch(/^[1-5]\d\d$/);
        expect(typeof response.description, `${method} ${path} ${status}`).toBe('string');
      }
    }
  });

  it('answers every failure with the error body', () => {
    for (const { path, method, operation } of operations(document)) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue;
        expect(response.content, `${method} ${path} ${status}`).toEqual({
          'application/json': { schema: { $ref: '#/components/schemas/Error' } },
        });
      }
    }
  });

  it('declares every path parameter, and only those', () => {
    for (const { path, method, operation } of operations(document)) {
      const templated = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name);
      const declared = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path');
      expect(
        declared.map((parameter) => parameter.name),
        `${method} ${path}`,
      ).toEqual(templated);
      for (const parameter of declared) expect(parameter.required).toBe(true);
    }
  });

  it('gives operations unique ids and known credentials', () => {
    const ids = operations(document).map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    const schemes = Object.keys(document.components.securitySchemes);
    for (const { operation } of operations(document)) {
      for (const requirement of operation.security) {
        for (const name of Object.keys(requirement)) expect(schemes).toContain(name);
      }
    }
  });

  it('resolves every $ref', () => {
    const refs = [...walk(document)].filter(([pointer]) => pointer.endsWith('/$ref'));
    expect(refs.length).toBeGreaterThan(0);
    for (const [pointer, ref] of refs) {
      expect(typeof ref, pointer).toBe('string');
      expect(resolve(document, ref as string), `${pointer}: ${String(ref)}`).toBeDefined();
    }
  });

  it('holds component schemas that are valid JSON Schema', () => {
    const schemas = Object.entries(document.components.schemas);
    expect(schemas.length).toBeGreaterThan(0);
    for (const [name, schema] of schemas) {
      expect(schemaProblems(schema, name)).toEqual([]);
      expect(schema).not.toHaveProperty('$schema');
      expect(schema).not.toHaveProperty('$id');
    }
  });

  it("uses the contract's own schemas, requests as accepted and answers as sent", () => {
    const strip = ({ $schema: _dialect, ...rest }: JsonSchema) => rest;
    expect(document.components.schemas.Error).toEqual(strip(z.toJSONSchema(errorBodySchema)));
    expect(document.components.schemas.Server).toEqual(strip(z.toJSONSchema(serverSchema)));
    expect(document.components.schemas.DatacenterBody).toEqual(
      strip(z.toJSONSchema(datacenterBodySchema, { io: 'input' })),
    );
  });

  it('documents exactly the server updates the server accepts', () => {
    const value = fc.oneof(
      fc.constant(null),
      fc.integer({ min: -2, max: 2 ** 31 }),
      fc.double(),
      fc.string({ maxLength: 300 }),
      fc.boolean(),
    );
    const body = fc.record(
      { serverName: fc.oneof(value, fc.string({ minLength: 1, maxLength: 260 })), rackId: value },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(body, (input) => {
        expect(serverUpdateBodyShapesSchema.safeParse(input).success).toBe(
          serverUpdateBodySchema.safeParse(input).success,
        );
      }),
    );
  });
});
