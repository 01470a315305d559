import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  DATACENTERS_PATH,
  ID_MAX,
  RACKS_PATH,
  ROOMS_PATH,
  SERVERS_PATH,
  datacenterBodySchema,
  notFoundMessage,
  rackBodySchema,
  roomBodySchema,
  serverUpdateBodySchema,
  type HierarchyEntity,
  type HierarchyList,
} from '@brezza/contract';
import { badRequest, notFound } from '../../errors.js';
import { createHierarchyRepository } from './repository.js';
import { gzipEtag, ifNoneMatchHits, listEtag } from './list-cache.js';

/** Registered inside the /api scope, whose prefix the contract's paths already carry. */
const local = (path: string) => path.replace(/^\/api/, '');

/** The body as the contract parses it; anything else is a 400 naming what is wrong. */
function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const input = body === undefined ? {} : body;
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw badRequest('Request body must be a JSON object.');
  }
  const result = schema.safeParse(input);
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? 'Invalid request body.');
  return result.data;
}

/** A path id that cannot name a row (not a positive whole number in range) is simply not found. */
function parsePathId(raw: string | undefined, entity: HierarchyEntity | 'server'): number {
  const id = /^[1-9][0-9]{0,9}$/.test(raw ?? '') ? Number(raw) : NaN;
  if (!(id <= ID_MAX)) throw notFound(notFoundMessage(entity));
  return id;
}

/** Whether the client takes gzip (a q=0 refuses it). */
function acceptsGzip(header: string | undefined): boolean {
  return (header ?? '').split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return (coding === 'gzip' || coding === '*') && (q === undefined || Number(q.slice(2)) > 0);
  });
}

const pathId = (request: FastifyRequest, entity: HierarchyEntity | 'server') =>
  parsePathId((request.params as { id?: string }).id, entity);

/** SPEC §7's hierarchy calls, scoped to the caller's organisation. */
export async function hierarchyRoutes(api: FastifyInstance): Promise<void> {
  const { service, lists } = api.hierarchy;
  const repository = createHierarchyRepository(api.database.db);

  const builders: Record<HierarchyList, (organisationId: number) => Promise<unknown>> = {
    servers: async (id) => ({ servers: await repository.listServers(id) }),
    datacenters: async (id) => ({ datacenters: await repository.listDatacenters(id) }),
    rooms: async (id) => ({ rooms: await repository.listRooms(id) }),
    racks: async (id) => ({ racks: await repository.listRacks(id) }),
  };
  const listPaths: Record<HierarchyList, string> = {
    servers: SERVERS_PATH,
    datacenters: DATACENTERS_PATH,
    rooms: ROOMS_PATH,
    racks: RACKS_PATH,
  };

  for (const kind of Object.keys(builders) as HierarchyList[]) {
    api.get(local(listPaths[kind]), async (request, reply) => {
      const organisationId = request.user.organisationId;
      // The stamp is read before the rows: a body is never labelled newer than what it holds.
      const stamp = await repository.stamp(organisationId);
      const etag = listEtag(stamp, kind);
      const gzipped = acceptsGzip(request.headers['accept-encoding']);
      reply
        .header('ETag', gzipped ? gzipEtag(etag) : etag)
        .header('Cache-Control', 'private, no-cache')
        .header('Vary', 'Accept-Encoding');
      if (ifNoneMatchHits(request.headers['if-none-match'], etag, gzipEtag(etag))) {
        return reply.status(304).send();
      }
      const entry = await lists.get(organisationId, kind, stamp, () =>
        builders[kind](organisationId),
      );
      reply.header('Content-Type', 'application/json; charset=utf-8');
      if (!gzipped) return reply.send(entry.body);
      return reply.header('Content-Encoding', 'gzip').send(await entry.gzipped());
    });
  }

  api.post(local(DATACENTERS_PATH), async (request, reply) => {
    const body = parseBody(datacenterBodySchema, request.body);
    const datacenter = await service.createDatacenter(request.user, body);
    return reply.status(201).send(datacenter);
  });
  api.put(`${local(DATACENTERS_PATH)}/:id`, async (request) => {
    const id = pathId(request, 'datacenter');
    const body = parseBody(datacenterBodySchema, request.body);
    return service.updateDatacenter(request.user, id, body);
  });

  api.post(local(ROOMS_PATH), async (request, reply) => {
    const body = parseBody(roomBodySchema, request.body);
    const room = await service.createRoom(request.user, body);
    return reply.status(201).send(room);
  });
  api.put(`${local(ROOMS_PATH)}/:id`, async (request) => {
    const id = pathId(request, 'room');
    const body = parseBody(roomBodySchema, request.body);
    return service.updateRoom(request.user, id, body);
  });

  api.post(local(RACKS_PATH), async (request, reply) => {
    const body = parseBody(rackBodySchema, request.body);
    const rack = await service.createRack(request.user, body);
    return reply.status(201).send(rack);
  });
  api.put(`${local(RACKS_PATH)}/:id`, async (request) => {
    const id = pathId(request, 'rack');
    const body = parseBody(rackBodySchema, request.body);
    return service.updateRack(request.user, id, body);
  });

  api.put(`${local(SERVERS_PATH)}/:id`, async (request) => {
    const id = pathId(request, 'server');
    const update = parseBody(serverUpdateBodySchema, request.body);
    return service.updateServer(request.user, id, update);
  });

  const containers: [HierarchyEntity, string][] = [
    ['datacenter', DATACENTERS_PATH],
    ['room', ROOMS_PATH],
    ['rack', RACKS_PATH],
  ];
  for (const [entity, path] of containers) {
    api.delete(`${local(path)}/:id`, async (request, reply) => {
      const id = pathId(request, entity);
      await service.deleteContainer(request.user, entity, id);
      return reply.status(204).send();
    });
  }
}
