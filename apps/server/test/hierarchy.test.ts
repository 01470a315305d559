import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATACENTERS_PATH,
  RACKS_PATH,
  ROOMS_PATH,
  SERVERS_PATH,
  datacenterPath,
  datacentersListSchema,
  rackPath,
  racksListSchema,
  roomPath,
  roomsListSchema,
  serverPath,
  serverColumnsSchema,
  serverSchema,
  serversListSchema,
} from '@brezza/contract';
import { buildApp } from '../src/app.js';
import { buildTestApp, type TestApp } from './helpers/app.js';
import { createOperator, type Operator } from './helpers/auth.js';
import { buildServer } from './helpers/hierarchy.js';
import { markHierarchyChanged } from '../src/modules/hierarchy/repository.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe('hierarchy API', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (operator: Operator, method: Method, url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: operator.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const lists = async (operator: Operator) => ({
    servers: serversListSchema.parse((await call(operator, 'GET', SERVERS_PATH)).json()).servers,
    datacenters: datacentersListSchema.parse((await call(operator, 'GET', DATACENTERS_PATH)).json())
      .datacenters,
    rooms: roomsListSchema.parse((await call(operator, 'GET', ROOMS_PATH)).json()).rooms,
    racks: racksListSchema.parse((await call(operator, 'GET', RACKS_PATH)).json()).racks,
  });

  const create = async (operator: Operator, path: string, body: object) => {
    const res = await call(operator, 'POST', path, body);
    expect(res.statusCode).toBe(201);
    return res.json() as { id: number };
  };

  describe('lists', () => {
    it('answer empty lists under the SPEC field names for a new organisation', async () => {
      const operator = await createOperator(t);
      for (const [path, field] of [
        [SERVERS_PATH, 'servers'],
        [DATACENTERS_PATH, 'datacenters'],
        [ROOMS_PATH, 'rooms'],
        [RACKS_PATH, 'racks'],
      ] as const) {
        const res = await call(operator, 'GET', path);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(res.json()).toEqual({ [field]: [] });
      }
    });

    it('need a signed-in operator', async () => {
      for (const path of [SERVERS_PATH, DATACENTERS_PATH, ROOMS_PATH, RACKS_PATH]) {
        const res = await t.app.inject({ method: 'GET', url: path });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toHaveProperty('error');
      }
      const res = await t.app.inject({ method: 'POST', url: DATACENTERS_PATH, payload: {} });
      expect(res.statusCode).toBe(401);
    });

    it('show servers with the names along their path, and only the caller organisation', async () => {
      const operator = await createOperator(t);
      const other = await createOperator(t);
      const dc = await create(operator, DATACENTERS_PATH, { name: 'Milan 1', location: 'Milan' });
      const room = await create(operator, ROOMS_PATH, { name: 'Hall A', datacenterId: dc.id });
      const rack = await create(operator, RACKS_PATH, { name: 'A-01', roomId: room.id });
      const placed = await buildServer(t, operator.organisationId, {
        serverName: 'db-01',
        publicIpv4: '198.51.100.7',
        machineId: 'a'.repeat(32),
        rackId: rack.id,
      });
      const loose = await buildServer(t, operator.organisationId, { serverName: 'spare' });
      await buildServer(t, other.organisationId, { serverName: 'not-yours' });

      const { servers } = await lists(operator);
      expect(servers).toEqual([
        {
          id: placed,
          serverName: 'db-01',
          publicIpv4: '198.51.100.7',
          machineId: 'a'.repeat(32),
          rackId: rack.id,
          deviceTypeId: null,
          deviceType: 'server',
          roomId: null,
          rackName: 'A-01',
          roomName: 'Hall A',
          datacenterName: 'Milan 1',
        },
        expect.objectContaining({ id: loose, serverName: 'spare', rackId: null, rackName: null }),
      ]);
      expect((await lists(other)).servers.map((s) => s.serverName)).toEqual(['not-yours']);
      expect((await lists(other)).datacenters).toEqual([]);

      // The compact encoding: the same servers, one array per field, cached under its own tag.
      const compact = await call(operator, 'GET', `${SERVERS_PATH}?encoding=columns`);
      expect(compact.statusCode).toBe(200);
      expect(serverColumnsSchema.parse(compact.json())).toEqual({
        count: 2,
        columns: {
          id: [placed, loose],
          serverName: ['db-01', 'spare'],
          publicIpv4: ['198.51.100.7', servers[1]!.publicIpv4],
          machineId: ['a'.repeat(32), servers[1]!.machineId],
          rackId: [rack.id, null],
          // Columns of mostly one value come sparse: that value, and the rows that differ.
          deviceTypeId: { usual: null, except: [] },
          deviceType: { usual: 'server', except: [] },
          roomId: { usual: null, except: [] },
          lastSeenAt: { usual: null, except: [] },
        },
      });
      const plain = await call(operator, 'GET', SERVERS_PATH);
      expect(compact.headers.etag).not.toBe(plain.headers.etag);
      const bad = await call(operator, 'GET', `${SERVERS_PATH}?encoding=rows`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ error: 'encoding must be "columns" or left out.' });
    });
  });

  describe('datacenters', () => {
    it('are created, renamed and listed with trimmed names', async () => {
      const operator = await createOperator(t);
      const res = await call(operator, 'POST', DATACENTERS_PATH, {
        name: '  Turin North ',
        location: ' Turin, IT ',
        unknown: 'ignored',
      });
      expect(res.statusCode).toBe(201);
      const created = res.json();
      expect(created).toEqual({
        id: expect.any(Number),
        name: 'Turin North',
        location: 'Turin, IT',
      });

      const put = await call(operator, 'PUT', datacenterPath(created.id), {
        name: 'Turin South',
        location: 'Turin',
      });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toEqual({ id: created.id, name: 'Turin South', location: 'Turin' });
      expect((await lists(operator)).datacenters).toEqual([put.json()]);
    });

    it.each([
      [{}, 'Name and location are required.'],
      [{ name: 'A' }, 'Name and location are required.'],
      [{ name: '   ', location: 'Rome' }, 'Name and location are required.'],
      [{ name: 'A', location: '\t\n ' }, 'Name and location are required.'],
      [{ name: null, location: 'Rome' }, 'Name and location are required.'],
      [{ name: 5, location: 'Rome' }, 'Name must be text.'],
      [{ name: 'x'.repeat(256), location: 'Rome' }, 'Name must be at most 255 characters.'],
      [{ name: 'A', location: 'y'.repeat(256) }, 'Location must be at most 255 characters.'],
      [{ name: 'A\u0000B', location: 'Rome' }, 'Name must not contain control characters.'],
      [{ name: 'A\ud800', location: 'Rome' }, 'Name must be valid text.'],
      [[], 'Request body must be a JSON object.'],
    ])('reject %j with "%s" and store nothing', async (body, message) => {
      const operator = await createOperator(t);
      const res = await call(operator, 'POST', DATACENTERS_PATH, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: message });
      expect((await lists(operator)).datacenters).toEqual([]);
    });

    it('reject JSON bodies that are not objects', async () => {
      const operator = await createOperator(t);
      for (const payload of ['null', '"text"', '42', 'true']) {
        const res = await t.app.inject({
          method: 'POST',
          url: DATACENTERS_PATH,
          headers: { ...operator.headers, 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode, payload).toBe(400);
        expect(res.json()).toEqual({ error: 'Request body must be a JSON object.' });
      }
    });

    it('accept exactly 255 characters', async () => {
      const operator = await createOperator(t);
      const name = 'n'.repeat(255);
      const res = await call(operator, 'POST', DATACENTERS_PATH, { name, location: 'Rome' });
      expect(res.statusCode).toBe(201);
      expect(res.json().name).toBe(name);
    });

    it('answer a bad edit with the message and keep the row', async () => {
      const operator = await createOperator(t);
      const dc = await create(operator, DATACENTERS_PATH, { name: 'Keep', location: 'Here' });
      const res = await call(operator, 'PUT', datacenterPath(dc.id), { name: '', location: 'X' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'Name and location are required.' });
      expect((await lists(operator)).datacenters).toEqual([
        { id: dc.id, name: 'Keep', location: 'Here' },
      ]);
    });

    it('answer 404 for missing ids', async () => {
      const operator = await createOperator(t);
      const body = { name: 'A', location: 'B' };
      for (const url of [
        datacenterPath(999999),
        `${DATACENTERS_PATH}/abc`,
        `${DATACENTERS_PATH}/0`,
        `${DATACENTERS_PATH}/-1`,
        `${DATACENTERS_PATH}/1.5`,
        `${DATACENTERS_PATH}/99999999999999999999`,
      ]) {
        const put = await call(operator, 'PUT', url, body);
        expect(put.statusCode, url).toBe(404);
        expect(put.json()).toEqual({ error: 'Datacenter not found.' });
        expect((await call(operator, 'DELETE', url)).statusCode).toBe(404);
      }
    });
  });

  describe('rooms and racks', () => {
    it('are created standalone or under a parent, and moved by an edit', async () => {
      const operator = await createOperator(t);
      const dc = await create(operator, DATACENTERS_PATH, { name: 'DC', location: 'Rome' });
      const standalone = await call(operator, 'POST', ROOMS_PATH, { name: 'Lab' });
      expect(standalone.json()).toEqual({
        id: expect.any(Number),
        name: 'Lab',
        datacenterId: null,
      });
      const inside = await call(operator, 'POST', ROOMS_PATH, {
        name: 'Hall',
        datacenterId: dc.id,
      });
      expect(inside.json()).toMatchObject({ name: 'Hall', datacenterId: dc.id });

      // Into the datacenter, then back out: a PUT without datacenterId makes it standalone.
      const moved = await call(operator, 'PUT', roomPath(standalone.json().id), {
        name: 'Lab 2',
        datacenterId: dc.id,
      });
      expect(moved.json()).toMatchObject({ name: 'Lab 2', datacenterId: dc.id });
      const out = await call(operator, 'PUT', roomPath(standalone.json().id), { name: 'Lab 3' });
      expect(out.json()).toMatchObject({ name: 'Lab 3', datacenterId: null });

      const rack = await call(operator, 'POST', RACKS_PATH, {
        name: 'R1',
        roomId: inside.json().id,
      });
      expect(rack.json()).toMatchObject({ name: 'R1', roomId: inside.json().id });
      const loose = await call(operator, 'PUT', rackPath(rack.json().id), {
        name: 'R1',
        roomId: null,
      });
      expect(loose.json()).toMatchObject({ roomId: null });
    });

    it.each([
      [ROOMS_PATH, {}, 'Room name is required.'],
      [ROOMS_PATH, { name: ' ' }, 'Room name is required.'],
      [ROOMS_PATH, { name: 'x'.repeat(256) }, 'Room name must be at most 255 characters.'],
      [
        ROOMS_PATH,
        { name: 'A', datacenterId: '1' },
        'datacenterId must be a whole number or null.',
      ],
      [
        ROOMS_PATH,
        { name: 'A', datacenterId: 1.5 },
        'datacenterId must be a whole number or null.',
      ],
      [ROOMS_PATH, { name: 'A', datacenterId: -2 }, 'datacenterId must be a whole number or null.'],
      [RACKS_PATH, {}, 'Rack name is required.'],
      [RACKS_PATH, { name: '' }, 'Rack name is required.'],
      [RACKS_PATH, { name: 'A', roomId: 'x' }, 'roomId must be a whole number or null.'],
      [RACKS_PATH, { name: 'A', roomId: [1] }, 'roomId must be a whole number or null.'],
    ])('%s rejects %j with "%s"', async (path, body, message) => {
      const operator = await createOperator(t);
      const res = await call(operator, 'POST', path, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: message });
      const after = await lists(operator);
      expect([...after.rooms, ...after.racks]).toEqual([]);
    });

    it('answer 404 for a missing parent, or one of another organisation, and store nothing', async () => {
      const operator = await createOperator(t);
      const other = await createOperator(t);
      const theirDc = await create(other, DATACENTERS_PATH, { name: 'Theirs', location: 'X' });
      const theirRoom = await create(other, ROOMS_PATH, { name: 'Theirs' });

      for (const datacenterId of [theirDc.id, 999999, 2 ** 40]) {
        const res = await call(operator, 'POST', ROOMS_PATH, { name: 'Mine', datacenterId });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: 'Datacenter not found.' });
      }
      const rack = await call(operator, 'POST', RACKS_PATH, { name: 'Mine', roomId: theirRoom.id });
      expect(rack.statusCode).toBe(404);
      expect(rack.json()).toEqual({ error: 'Room not found.' });
      const mine = await lists(operator);
      expect([...mine.rooms, ...mine.racks]).toEqual([]);

      // An edit pointing at their parent changes nothing either.
      const room = await create(operator, ROOMS_PATH, { name: 'Mine' });
      const edit = await call(operator, 'PUT', roomPath(room.id), {
        name: 'Renamed',
        datacenterId: theirDc.id,
      });
      expect(edit.statusCode).toBe(404);
      expect((await lists(operator)).rooms).toEqual([
        { id: room.id, name: 'Mine', datacenterId: null },
      ]);
    });
  });

  describe('another organisation', () => {
    it("cannot see, edit, move into or delete the caller's rows: 404 and nothing changes", async () => {
      const owner = await createOperator(t);
      const intruder = await createOperator(t);
      const dc = await create(owner, DATACENTERS_PATH, { name: 'DC', location: 'L' });
      const room = await create(owner, ROOMS_PATH, { name: 'Room', datacenterId: dc.id });
      const rack = await create(owner, RACKS_PATH, { name: 'Rack', roomId: room.id });
      const server = await buildServer(t, owner.organisationId, { rackId: rack.id });
      const intruderRack = await create(intruder, RACKS_PATH, { name: 'Mine' });
      const before = await lists(owner);

      const attempts: [Method, string, unknown, string][] = [
        ['PUT', datacenterPath(dc.id), { name: 'X', location: 'Y' }, 'Datacenter not found.'],
        ['DELETE', datacenterPath(dc.id), undefined, 'Datacenter not found.'],
        ['PUT', roomPath(room.id), { name: 'X' }, 'Room not found.'],
        ['DELETE', roomPath(room.id), undefined, 'Room not found.'],
        ['PUT', rackPath(rack.id), { name: 'X' }, 'Rack not found.'],
        ['DELETE', rackPath(rack.id), undefined, 'Rack not found.'],
        ['PUT', serverPath(server), { serverName: 'X' }, 'Server not found.'],
        ['PUT', serverPath(server), { rackId: intruderRack.id }, 'Server not found.'],
      ];
      for (const [method, url, body, message] of attempts) {
        const res = await call(intruder, method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json()).toEqual({ error: message });
      }
      // The owner cannot move a server into the intruder's rack either.
      const move = await call(owner, 'PUT', serverPath(server), { rackId: intruderRack.id });
      expect(move.statusCode).toBe(404);
      expect(move.json()).toEqual({ error: 'Rack not found.' });

      expect(await lists(owner)).toEqual(before);
    });
  });

  describe('servers', () => {
    it('move by rackId, keep their name, and answer the updated server', async () => {
      const operator = await createOperator(t);
      const rack = await create(operator, RACKS_PATH, { name: 'R9' });
      const id = await buildServer(t, operator.organisationId, { serverName: 'web-1' });

      const moved = await call(operator, 'PUT', serverPath(id), { rackId: rack.id });
      expect(moved.statusCode).toBe(200);
      expect(serverSchema.parse(moved.json())).toMatchObject({
        id,
        serverName: 'web-1',
        rackId: rack.id,
        rackName: 'R9',
        roomName: null,
      });
      const unassigned = await call(operator, 'PUT', serverPath(id), { rackId: null });
      expect(unassigned.json()).toMatchObject({ serverName: 'web-1', rackId: null });
    });

    it('are renamed by the edit body; a missing rackId leaves them unassigned', async () => {
      const operator = await createOperator(t);
      const rack = await create(operator, RACKS_PATH, { name: 'R1' });
      const id = await buildServer(t, operator.organisationId, { rackId: rack.id });

      const both = await call(operator, 'PUT', serverPath(id), {
        serverName: ' gpu-node-7 ',
        rackId: rack.id,
      });
      expect(both.json()).toMatchObject({ serverName: 'gpu-node-7', rackId: rack.id });
      const nameOnly = await call(operator, 'PUT', serverPath(id), { serverName: 'gpu-node-8' });
      expect(nameOnly.json()).toMatchObject({ serverName: 'gpu-node-8', rackId: null });
    });

    it.each([
      [{}, 'Server name is required.'],
      [{ serverName: '  ' }, 'Server name is required.'],
      [{ serverName: null, rackId: 1 }, 'Server name is required.'],
      [{ serverName: 'x'.repeat(256) }, 'Server name must be at most 255 characters.'],
      [{ rackId: 'one' }, 'rackId must be a whole number or null.'],
      [{ serverName: 'ok', rackId: 0 }, 'rackId must be a whole number or null.'],
    ])('reject %j with "%s" and keep the server', async (body, message) => {
      const operator = await createOperator(t);
      const id = await buildServer(t, operator.organisationId, { serverName: 'keep-me' });
      const res = await call(operator, 'PUT', serverPath(id), body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: message });
      expect((await lists(operator)).servers[0]).toMatchObject({ serverName: 'keep-me' });
    });

    it('answer 404 for a missing server or rack', async () => {
      const operator = await createOperator(t);
      const id = await buildServer(t, operator.organisationId);
      const noServer = await call(operator, 'PUT', serverPath(987654), { rackId: null });
      expect(noServer.statusCode).toBe(404);
      expect(noServer.json()).toEqual({ error: 'Server not found.' });
      const noRack = await call(operator, 'PUT', serverPath(id), { rackId: 987654 });
      expect(noRack.statusCode).toBe(404);
      expect(noRack.json()).toEqual({ error: 'Rack not found.' });
    });
  });

  describe('deletes', () => {
    it('leave children unassigned and never delete a server', async () => {
      const operator = await createOperator(t);
      const dc = await create(operator, DATACENTERS_PATH, { name: 'DC', location: 'L' });
      const room = await create(operator, ROOMS_PATH, { name: 'Room', datacenterId: dc.id });
      const rack = await create(operator, RACKS_PATH, { name: 'Rack', roomId: room.id });
      const servers = [
        await buildServer(t, operator.organisationId, { rackId: rack.id }),
        await buildServer(t, operator.organisationId, { rackId: rack.id }),
      ];

      const deleteDc = await call(operator, 'DELETE', datacenterPath(dc.id));
      expect(deleteDc.statusCode).toBe(204);
      expect(deleteDc.body).toBe('');
      let after = await lists(operator);
      expect(after.datacenters).toEqual([]);
      expect(after.rooms).toEqual([{ id: room.id, name: 'Room', datacenterId: null }]);
      expect(after.servers.map((s) => [s.id, s.rackId, s.datacenterName])).toEqual(
        servers.map((id) => [id, rack.id, null]),
      );

      expect((await call(operator, 'DELETE', roomPath(room.id))).statusCode).toBe(204);
      after = await lists(operator);
      expect(after.racks).toEqual([{ id: rack.id, name: 'Rack', roomId: null }]);

      expect((await call(operator, 'DELETE', rackPath(rack.id))).statusCode).toBe(204);
      after = await lists(operator);
      expect(after.racks).toEqual([]);
      expect(after.servers.map((s) => [s.id, s.rackId, s.rackName])).toEqual(
        servers.map((id) => [id, null, null]),
      );

      expect((await call(operator, 'DELETE', rackPath(rack.id))).statusCode).toBe(404);
    });
  });

  describe('caching', () => {
    it('answers 304 to a matching If-None-Match until a write changes the list', async () => {
      const operator = await createOperator(t);
      const first = await call(operator, 'GET', DATACENTERS_PATH);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^"[^"]+"$/);
      expect(first.headers['cache-control']).toBe('private, no-cache');

      const again = await t.app.inject({
        method: 'GET',
        url: DATACENTERS_PATH,
        headers: { ...operator.headers, 'if-none-match': etag },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      const listed = await t.app.inject({
        method: 'GET',
        url: DATACENTERS_PATH,
        headers: { ...operator.headers, 'if-none-match': `"other", W/${etag}` },
      });
      expect(listed.statusCode).toBe(304);

      await create(operator, DATACENTERS_PATH, { name: 'New', location: 'L' });
      const changed = await t.app.inject({
        method: 'GET',
        url: DATACENTERS_PATH,
        headers: { ...operator.headers, 'if-none-match': etag },
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      expect(changed.json().datacenters).toHaveLength(1);
    });

    it('sends the list brotli- or gzip-compressed as the client weighs them, each under its own tag', async () => {
      const operator = await createOperator(t);
      await create(operator, DATACENTERS_PATH, { name: 'Zipped', location: 'L' });
      const plain = await call(operator, 'GET', DATACENTERS_PATH);
      const get = (headers: Record<string, string>) =>
        t.app.inject({
          method: 'GET',
          url: DATACENTERS_PATH,
          headers: { ...operator.headers, ...headers },
        });
      const brotli = await get({ 'accept-encoding': 'gzip, deflate, br' });
      expect(brotli.statusCode).toBe(200);
      expect(brotli.headers['content-encoding']).toBe('br');
      expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());
      const zipped = await get({ 'accept-encoding': 'br;q=0.5, gzip' });
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers.vary).toContain('Accept-Encoding');
      expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(plain.json());
      const tags = [plain.headers.etag, brotli.headers.etag, zipped.headers.etag];
      expect(new Set(tags).size).toBe(3);
      for (const tag of tags) {
        const again = await get({ 'accept-encoding': 'gzip', 'if-none-match': String(tag) });
        expect(again.statusCode).toBe(304);
      }
      const refused = await get({ 'accept-encoding': 'gzip;q=0, identity' });
      expect(refused.headers['content-encoding']).toBeUndefined();
      expect(refused.json()).toEqual(plain.json());
    });

    it('gives each list its own tag and leaves other organisations untouched', async () => {
      const a = await createOperator(t);
      const b = await createOperator(t);
      const tags = async (operator: Operator) =>
        Promise.all(
          [SERVERS_PATH, DATACENTERS_PATH, ROOMS_PATH, RACKS_PATH].map(
            async (path) => (await call(operator, 'GET', path)).headers.etag,
          ),
        );
      const aBefore = await tags(a);
      const bBefore = await tags(b);
      expect(new Set(aBefore).size).toBe(4);
      await create(a, RACKS_PATH, { name: 'R' });
      const aAfter = await tags(a);
      aAfter.forEach((tag, index) => expect(tag).not.toBe(aBefore[index]));
      expect(await tags(b)).toEqual(bBefore);
    });

    it('renaming a rack refreshes the servers list that shows its name', async () => {
      const operator = await createOperator(t);
      const rack = await create(operator, RACKS_PATH, { name: 'Old' });
      await buildServer(t, operator.organisationId, { rackId: rack.id });
      expect((await lists(operator)).servers[0]?.rackName).toBe('Old');
      await call(operator, 'PUT', rackPath(rack.id), { name: 'New' });
      expect((await lists(operator)).servers[0]?.rackName).toBe('New');
    });

    it('sees writes of other modules that mark the hierarchy changed in their transaction', async () => {
      const operator = await createOperator(t);
      const id = await buildServer(t, operator.organisationId, { serverName: 'before' });
      const first = await call(operator, 'GET', SERVERS_PATH);
      await t.app.database.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('servers')
          .set({ server_name: 'after' })
          .where('id', '=', id)
          .execute();
        await markHierarchyChanged(trx, operator.organisationId);
      });
      const second = await t.app.inject({
        method: 'GET',
        url: SERVERS_PATH,
        headers: { ...operator.headers, 'if-none-match': String(first.headers.etag) },
      });
      expect(second.statusCode).toBe(200);
      expect(second.json().servers[0].serverName).toBe('after');
    });

    it('stays correct across server instances sharing one database', async () => {
      const operator = await createOperator(t);
      const other = await buildApp({ config: t.config });
      try {
        const viaOther = (method: Method, url: string, payload?: object) =>
          other.inject({ method, url, headers: operator.headers, payload });
        // Both instances cache the list...
        expect((await call(operator, 'GET', DATACENTERS_PATH)).json().datacenters).toEqual([]);
        expect((await viaOther('GET', DATACENTERS_PATH)).json().datacenters).toEqual([]);
        // ...one of them writes, and the other answers the change at once.
        const created = await viaOther('POST', DATACENTERS_PATH, {
          name: 'Elsewhere',
          location: 'L',
        });
        expect(created.statusCode).toBe(201);
        expect((await call(operator, 'GET', DATACENTERS_PATH)).json().datacenters).toEqual([
          created.json(),
        ]);
      } finally {
        await other.close();
      }
    });
  });
});
