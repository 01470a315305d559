import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AGENT_API_URL_MARKER,
  AGENT_BINARY_NAME,
  AGENT_DOWNLOAD_PATH,
  errorBodySchema,
} from '@brezza/contract';
import { notFound } from '../../errors.js';
import { routes } from '../../lib/routes.js';

export const AGENT_NOT_BUILT =
  'The agent installer has not been built on this server (npm run build).';

/** The bytes appended to the executable: this server's PUBLIC_URL, for `--api-url`. */
export const apiUrlTrailer = (origin: string) =>
  Buffer.from(`\n${AGENT_API_URL_MARKER}${origin}\n`);

/**
 * GET /static/brezza-agent: the single-file installer and agent, with this server's PUBLIC_URL
 * appended so the installer knows where to register. Never cached: a new build must reach the
 * next installer command.
 */
export async function agentDownloadRoutes(app: FastifyInstance): Promise<void> {
  const file = path.join(app.config.agentDistDir, AGENT_BINARY_NAME);
  // PUBLIC_URL only: the installer sends its app token there, so it must never come from a
  // header the downloader (or anyone in between) chose.
  const trailer = apiUrlTrailer(app.config.publicUrl);
  if (!fs.existsSync(file)) app.log.warn(`agent not built: ${file} is missing; run npm run build`);

  async function download(request: FastifyRequest, reply: FastifyReply) {
    // One open handle for the size and the bytes: a rebuild meanwhile cannot mismatch them.
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(file);
    } catch {
      throw notFound(AGENT_NOT_BUILT);
    }
    const { size } = await handle.stat();
    reply
      .header('Content-Type', 'application/octet-stream')
      .header('Content-Disposition', `attachment; filename="${AGENT_BINARY_NAME}"`)
      .header('Content-Length', size + trailer.length)
      .header('Cache-Control', 'no-cache');
    if (request.method === 'HEAD') {
      await handle.close();
      return reply.send();
    }
    // The file stream owns the handle and closes it when it ends or the client goes away.
    const source = handle.createReadStream({ end: size - 1 });
    const body = new PassThrough();
    source.pipe(body, { end: false });
    source.once('end', () => body.end(trailer));
    source.once('error', (error) => body.destroy(error));
    body.once('close', () => source.destroy());
    return reply.send(body);
  }

  const schema = {
    summary: "Downloads the agent's single-file installer, which registers with this server.",
    tags: ['Agent'],
    response: {
      200: {
        description: 'The executable, with the API URL it registers with appended.',
        content: { 'application/octet-stream': { schema: z.string() } },
      },
      404: errorBodySchema,
    },
  };
  // HEAD answers the same headers without reading 90 MB only to throw them away. It is left out
  // of /openapi.json, which documents the GET it mirrors.
  routes(app).get(AGENT_DOWNLOAD_PATH, { exposeHeadRoute: false, schema }, download);
  routes(app).head(AGENT_DOWNLOAD_PATH, { schema: { ...schema, hide: true } }, download);
}
