import type { FastifyInstance } from 'fastify';
import { OPENAPI_PATH, buildOpenApiDocument } from '@brezza/contract';

/**
 * The OpenAPI document for outside clients (DESIGN §3): public, built once at start-up for this
 * deployment's URL and product name, and revalidated by clients so a new release is seen at once.
 */
export async function openApiRoutes(app: FastifyInstance): Promise<void> {
  const body = JSON.stringify(
    buildOpenApiDocument({
      serverUrl: app.config.publicUrl,
      productName: app.config.env.PRODUCT_NAME,
    }),
  );
  app.get(OPENAPI_PATH, async (_request, reply) =>
    reply
      .header('Content-Type', 'application/json; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(body),
  );
}
