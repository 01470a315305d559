import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  DATACENTERS_PATH,
  RACKS_PATH,
  ROOMS_PATH,
  SERVERS_ENCODING_COLUMNS,
  SERVERS_PATH,
  datacenterBodySchema,
  datacenterSchema,
  datacentersListSchema,
  errorBodySchema,
  notFoundMessage,
  rackBodySchema,
  rackSchema,
  racksListSchema,
  roomBodySchema,
  roomSchema,
  roomsListSchema,
  serverColumnsSchema,
  serverSchema,
  serverUpdateBodySchema,
  serversListQuerySchema,
  serversListSchema,
  type HierarchyEntity,
  type HierarchyList,
} from '@brezza/contract';
import { pathId, routes } from '../../lib/routes.js';
import { createHierarchyRepository } from './repository.js';
import {
  encodedEtag,
  ifNoneMatchHits,
  listEncoding,
  listEtag,
  type ListKind,
} from './list-cache.js';

const idParams = (entity: HierarchyEntity | 'server') =>
  z.object({ id: pathId(notFoundMessage(entity)) });
const security = [{ operator: [] }];
const tags = ['Devices'];
const NOT_MODIFIED = z.void().describe('Unchanged since the ETag sent in If-None-Match.');

/** SPEC §7's hierarchy calls, scoped to the caller's organisation. */
export async function hierarchyRoutes(scope: FastifyInstance): Promise<void> {
  const api = routes(scope);
  const { service, lists } = scope.hierarchy;
  const repository = createHierarchyRepository(scope.database.db);

  const builders: Record<ListKind, (organisationId: number) => Promise<unknown>> = {
    servers: async (id) => ({ servers: await repository.listServers(id) }),
    'servers-columns': (id) => repository.listServerColumns(id),
    datacenters: async (id) => ({ datacenters: await repository.listDatacenters(id) }),
    rooms: async (id) => ({ rooms: await repository.listRooms(id) }),
    racks: async (id) => ({ racks: await repository.listRacks(id) }),
  };
  const listRoutes: Record<HierarchyList, [string, z.ZodType]> = {
    // `?encoding=columns` answers the compact encoding (issue 10); the default stays SPEC §7's.
    servers: [SERVERS_PATH, z.union([serversListSchema, serverColumnsSchema])],
    datacenters: [DATACENTERS_PATH, datacentersListSchema],
    rooms: [ROOMS_PATH, roomsListSchema],
    racks: [RACKS_PATH, racksListSchema],
  };

  for (const list of Object.keys(listRoutes) as HierarchyList[]) {
    const [path, listSchema] = listRoutes[list];
    const schema = {
      summary: `The caller's organisation's ${list}, with an ETag.`,
      tags,
      security,
      querystring: list === 'servers' ? serversListQuerySchema : z.object({}),
      // The body is built and cached as JSON text (brotli, gzip) once per change, not per call.
      response: { 200: listSchema, 304: NOT_MODIFIED, 400: errorBodySchema },
    };
    api.get(path, { schema }, async (request, reply) => {
      const organisationId = request.user.organisationId;
      const { encoding } = request.query as { encoding?: string };
      // The compact servers list is cached apart from SPEC §7's, under its own ETag.
      const kind: ListKind = encoding === SERVERS_ENCODING_COLUMNS ? 'servers-columns' : list;
      // The stamp is read before the rows: a body is never labelled newer than what it holds.
      const stamp = await repository.stamp(organisationId);
      const etag = listEtag(stamp, kind);
      const sendAs = listEncoding(request.headers['accept-encoding']);
      reply
        .header('ETag', sendAs ? encodedEtag(etag, sendAs) : etag)
        .header('Cache-Control', 'private, no-cache')
        .header('Vary', 'Accept-Encoding');
      const tags = [etag, encodedEtag(etag, 'br'), encodedEtag(etag, 'gzip')];
      if (ifNoneMatchHits(request.headers['if-none-match'], ...tags)) {
        return reply.status(304).send();
      }
      const entry = await lists.get(organisationId, kind, stamp, () =>
        builders[kind](organisationId),
      );
      reply.header('Content-Type', 'application/json; charset=utf-8');
      if (!sendAs) return reply.send(entry.body);
      return reply.header('Content-Encoding', sendAs).send(await entry.encoded(sendAs));
    });
  }

  const containers = [
    ['datacenter', DATACENTERS_PATH, datacenterBodySchema, datacenterSchema],
    ['room', ROOMS_PATH, roomBodySchema, roomSchema],
    ['rack', RACKS_PATH, rackBodySchema, rackSchema],
  ] as const;
  const errors = { 400: errorBodySchema, 404: errorBodySchema };

  /** POST (create) and PUT /:id (rename or move) of one kind of container. */
  function writes<Body extends z.ZodType>(route: {
    entity: HierarchyEntity;
    path: string;
    body: Body;
    /** Checked when the answer is serialised; the service's own types check the handlers. */
    row: z.ZodType;
    parent: string | null;
    create(actor: FastifyRequest['user'], body: z.output<Body>): Promise<unknown>;
    update(actor: FastifyRequest['user'], id: number, body: z.output<Body>): Promise<unknown>;
  }): void {
    const { entity, parent } = route;
    const common = { tags, security, body: route.body };
    api.post(
      route.path,
      {
        schema: {
          ...common,
          summary: `Creates a ${entity}${parent ? `, in a ${parent} or standalone` : ''}.`,
          response: { 201: route.row, ...errors },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await route.create(request.user, request.body as z.output<Body>)),
    );
    api.put(
      `${route.path}/:id`,
      {
        schema: {
          ...common,
          summary: `Renames a ${entity}${parent ? ` or moves it to another ${parent}` : ''}.`,
          params: idParams(entity),
          response: { 200: route.row, ...errors },
        },
      },
      async (request) =>
        route.update(request.user, request.params.id, request.body as z.output<Body>),
    );
  }

  writes({
    entity: 'datacenter',
    path: DATACENTERS_PATH,
    body: datacenterBodySchema,
    row: datacenterSchema,
    parent: null,
    create: service.createDatacenter,
    update: service.updateDatacenter,
  });
  writes({
    entity: 'room',
    path: ROOMS_PATH,
    body: roomBodySchema,
    row: roomSchema,
    parent: 'datacenter',
    create: service.createRoom,
    update: service.updateRoom,
  });
  writes({
    entity: 'rack',
    path: RACKS_PATH,
    body: rackBodySchema,
    row: rackSchema,
    parent: 'room',
    create: service.createRack,
    update: service.updateRack,
  });

  api.put(
    `${SERVERS_PATH}/:id`,
    {
      schema: {
        summary: 'Moves a server to a rack (`rackId` only), or renames it and sets its rack.',
        tags,
        security,
        params: idParams('server'),
        body: serverUpdateBodySchema,
        response: { 200: serverSchema, ...errors },
      },
    },
    async (request) => service.updateServer(request.user, request.params.id, request.body),
  );

  for (const [entity, path] of containers) {
    api.delete(
      `${path}/:id`,
      {
        schema: {
          summary: `Deletes a ${entity}; what was in it becomes unassigned, never deleted.`,
          tags,
          security,
          params: idParams(entity),
          response: { 204: z.void().describe('Deleted.'), 404: errorBodySchema },
        },
      },
      async (request, reply) => {
        await service.deleteContainer(request.user, entity, request.params.id);
        return reply.status(204).send();
      },
    );
  }
}
