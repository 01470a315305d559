import type {
  FastifyInstance,
  FastifySchemaCompiler,
  FastifySchemaValidationError,
  RouteOptions,
} from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, ID_MAX, type PlanFeature } from '@brezza/contract';
import { operatorMessage } from './validation.js';

/**
 * The one way a route is declared (docs/decisions.md, "Routes"): `routes(app).post(PATH, { schema
 * }, handler)` with the contract's full path (`/api/...` included, never a prefix to strip) and
 * zod schemas for params, querystring, body and each response status. Fastify validates the
 * request before the handler runs, the handler gets typed, parsed values, and @fastify/swagger
 * documents the route from the same schemas.
 */
export const routes = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
export type RouteApp = ReturnType<typeof routes>;

/**
 * Documents the 403 a route of a paid feature answers when the organisation's plan does not
 * include it (the /api scope's plan hook), so /openapi.json lists it beside the route's own.
 */
export function documentPlanRefusal(route: RouteOptions): void {
  if (!route.config?.planFeature) return;
  const schema = route.schema ?? {};
  const response = (schema.response ?? {}) as Record<number, unknown>;
  route.schema = { ...schema, response: { ...response, 403: errorBodySchema } };
}

/**
 * Every route the scope declares after this call belongs to `feature` (issue 14, item 7): it is
 * refused with 403 naming the plan it needs, and documents that answer.
 */
export function planFeatureOfScope(app: FastifyInstance, feature: PlanFeature): void {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, planFeature: feature };
    documentPlanRefusal(route);
  });
}

/** Validates each part with its zod schema and this product's messages (lib/validation.ts). */
const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data, { error: operatorMessage });
    if (result.success) return { value: result.data };
    const errors: FastifySchemaValidationError[] = result.error.issues.map((issue) => ({
      keyword: issue.code,
      instancePath: `/${issue.path.join('/')}`,
      schemaPath: '',
      params: {},
      message: issue.message,
    }));
    return { error: errors as unknown as Error };
  };

/** Installs zod validation and serialisation on the root instance (every scope inherits it). */
export function useZodSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // A request that sent no body at all is read as `{}`, so that the message names the missing
  // fields (and an optional body may be left out); a JSON `null` is still refused.
  app.addHook('preValidation', async (request) => {
    const sent = request.headers['transfer-encoding'] ?? request.headers['content-length'] ?? '0';
    if (request.body == null && sent === '0') request.body = {};
  });
}

const PATH_ID = /^[1-9][0-9]{0,9}$/;

/** A path id as a number, or null when it cannot name a row (not a positive int in range). */
export function parseId(raw: string | undefined): number | null {
  return PATH_ID.test(raw ?? '') && Number(raw) <= ID_MAX ? Number(raw) : null;
}

/**
 * A path id. One that cannot name a row (not a number, too long, out of range) fails with
 * `notFound`, answered 404 like a missing row (params failures are 404s, see errors.ts).
 */
export const pathId = (notFound: string) =>
  z
    .string()
    .regex(PATH_ID, notFound)
    .transform(Number)
    .refine((id) => id <= ID_MAX, notFound)
    .meta({ description: 'A positive whole number.' });
