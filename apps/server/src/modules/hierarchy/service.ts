import {
  ID_MAX,
  notFoundMessage,
  type Datacenter,
  type HierarchyEntity,
  type Rack,
  type Room,
  type Server,
  type ServerUpdate,
} from '@brezza/contract';
import { notFound } from '../../errors.js';
import { changedFields, createAuditRepository, type Actor } from '../audit/repository.js';
import {
  createHierarchyRepository,
  markHierarchyChanged,
  type Executor,
  type HierarchyRepository,
} from './repository.js';
import { isForeignKeyViolation } from '../../lib/database-errors.js';
import { inTransaction } from '../../lib/transactions.js';

const TABLES = {
  datacenter: 'datacenters',
  room: 'rooms',
  rack: 'racks',
  server: 'servers',
} as const;

/** Thrown by a write when the row or its parent is not the organisation's (or does not exist). */
const missing = (entity: HierarchyEntity | 'server') => notFound(notFoundMessage(entity));

export interface HierarchyServiceDeps {
  db: Executor;
  /** Run after every committed write with the organisation whose lists changed. */
  onCommitted(organisationId: number): void;
}

/**
 * The hierarchy's rules: a parent must be the same organisation's (another organisation's id is
 * answered exactly like a missing one), deletes leave children unassigned, and every write
 * replaces the organisation's stamp in the same transaction.
 */
export function createHierarchyService({ db, onCommitted }: HierarchyServiceDeps) {
  /** Runs `work` in a transaction that also replaces the stamp; maps a vanished parent to 404. */
  async function write<T>(
    organisationId: number,
    parent: HierarchyEntity | null,
    work: (repository: HierarchyRepository, trx: Executor) => Promise<T>,
  ): Promise<T> {
    let result: T;
    try {
      result = await inTransaction(db, async (trx, afterCommit) => {
        const value = await work(createHierarchyRepository(trx), trx);
        await markHierarchyChanged(trx, organisationId);
        afterCommit(() => onCommitted(organisationId));
        return value;
      });
    } catch (error) {
      if (parent && isForeignKeyViolation(error)) throw missing(parent);
      throw error;
    }
    return result;
  }

  /** Ids beyond the column's range never exist; checking first keeps PostgreSQL from erroring. */
  async function requireOwned(
    repository: HierarchyRepository,
    entity: HierarchyEntity | 'server',
    organisationId: number,
    id: number | null,
  ): Promise<void> {
    if (id === null) return;
    if (id > ID_MAX || !(await repository.owns(TABLES[entity], organisationId, id))) {
      throw missing(entity);
    }
  }

  const found = <T>(entity: HierarchyEntity | 'server', row: T | undefined): T => {
    if (row === undefined) throw missing(entity);
    return row;
  };

  const ENTITY_TABLES = { datacenter: 'datacenters', room: 'rooms', rack: 'racks' } as const;

  /** Creates a container and records it, in the same transaction. */
  function create<T extends { id: number; name: string }>(
    actor: Actor,
    entity: HierarchyEntity,
    parent: { entity: HierarchyEntity; id: number | null } | null,
    insert: (repo: HierarchyRepository) => Promise<T>,
  ): Promise<T> {
    return write(actor.organisationId, parent?.entity ?? null, async (repo, trx) => {
      if (parent) await requireOwned(repo, parent.entity, actor.organisationId, parent.id);
      const row = await insert(repo);
      const { id, ...after } = row;
      await createAuditRepository(trx).record(actor, {
        action: 'create',
        entity,
        entityId: id,
        entityName: row.name,
        after,
      });
      return row;
    });
  }

  /** Updates a container and records the fields that changed, in the same transaction. */
  function update<T extends { id: number; name: string }>(
    actor: Actor,
    entity: HierarchyEntity,
    id: number,
    parent: { entity: HierarchyEntity; id: number | null } | null,
    change: (repo: HierarchyRepository) => Promise<T | undefined>,
  ): Promise<T> {
    return write(actor.organisationId, parent?.entity ?? null, async (repo, trx) => {
      const before = await repo.findContainer(ENTITY_TABLES[entity], actor.organisationId, id);
      if (!before) throw missing(entity);
      if (parent) await requireOwned(repo, parent.entity, actor.organisationId, parent.id);
      const row = found(entity, await change(repo));
      const { id: _id, ...after } = row;
      const diff = changedFields(before, after);
      if (diff) {
        await createAuditRepository(trx).record(actor, {
          action: 'update',
          entity,
          entityId: id,
          entityName: row.name,
          ...diff,
        });
      }
      return row;
    });
  }

  return {
    createDatacenter(actor: Actor, body: { name: string; location: string }) {
      return create(actor, 'datacenter', null, (repo) =>
        repo.insertDatacenter(actor.organisationId, body),
      );
    },

    updateDatacenter(
      actor: Actor,
      id: number,
      body: { name: string; location: string },
    ): Promise<Datacenter> {
      return update(actor, 'datacenter', id, null, (repo) =>
        repo.updateDatacenter(actor.organisationId, id, body),
      );
    },

    createRoom(actor: Actor, body: { name: string; datacenterId: number | null }) {
      return create(actor, 'room', { entity: 'datacenter', id: body.datacenterId }, (repo) =>
        repo.insertRoom(actor.organisationId, body),
      );
    },

    updateRoom(
      actor: Actor,
      id: number,
      body: { name: string; datacenterId: number | null },
    ): Promise<Room> {
      return update(actor, 'room', id, { entity: 'datacenter', id: body.datacenterId }, (repo) =>
        repo.updateRoom(actor.organisationId, id, body),
      );
    },

    createRack(actor: Actor, body: { name: string; roomId: number | null }) {
      return create(actor, 'rack', { entity: 'room', id: body.roomId }, (repo) =>
        repo.insertRack(actor.organisationId, body),
      );
    },

    updateRack(
      actor: Actor,
      id: number,
      body: { name: string; roomId: number | null },
    ): Promise<Rack> {
      return update(actor, 'rack', id, { entity: 'room', id: body.roomId }, (repo) =>
        repo.updateRack(actor.organisationId, id, body),
      );
    },

    /** A move (`serverName` null) or an edit; answers the server as the list shows it. */
    updateServer(actor: Actor, id: number, update: ServerUpdate): Promise<Server> {
      const organisationId = actor.organisationId;
      return write(organisationId, 'rack', async (repo, trx) => {
        const before = found('server', await repo.findServer(organisationId, id));
        await requireOwned(repo, 'rack', organisationId, update.rackId);
        await repo.updateServer(organisationId, id, update);
        const after = found('server', await repo.findServer(organisationId, id));
        const pick = (server: Server) => ({ serverName: server.serverName, rackId: server.rackId });
        const diff = changedFields(pick(before), pick(after));
        if (diff) {
          await createAuditRepository(trx).record(actor, {
            action: 'update',
            entity: after.deviceType,
            entityId: id,
            entityName: after.serverName,
            ...diff,
          });
        }
        return after;
      });
    },

    /** Deletes a datacenter, room or rack; what was under it becomes unassigned. */
    deleteContainer(actor: Actor, entity: HierarchyEntity, id: number): Promise<void> {
      const organisationId = actor.organisationId;
      return write(organisationId, null, async (repo, trx) => {
        const before = await repo.findContainer(ENTITY_TABLES[entity], organisationId, id);
        if (!before || !(await repo.deleteContainer(TABLES[entity], organisationId, id))) {
          throw missing(entity);
        }
        await createAuditRepository(trx).record(actor, {
          action: 'delete',
          entity,
          entityId: id,
          entityName: before.name,
          before,
        });
      });
    },
  };
}

export type HierarchyService = ReturnType<typeof createHierarchyService>;
