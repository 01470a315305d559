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
    work: (repository: HierarchyRepository) => Promise<T>,
  ): Promise<T> {
    let result: T;
    try {
      result = await inTransaction(db, async (trx, afterCommit) => {
        const value = await work(createHierarchyRepository(trx));
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

  return {
    createDatacenter(organisationId: number, body: { name: string; location: string }) {
      return write(organisationId, null, (repo) => repo.insertDatacenter(organisationId, body));
    },

    updateDatacenter(
      organisationId: number,
      id: number,
      body: { name: string; location: string },
    ): Promise<Datacenter> {
      return write(organisationId, null, async (repo) =>
        found('datacenter', await repo.updateDatacenter(organisationId, id, body)),
      );
    },

    createRoom(organisationId: number, body: { name: string; datacenterId: number | null }) {
      return write(organisationId, 'datacenter', async (repo) => {
        await requireOwned(repo, 'datacenter', organisationId, body.datacenterId);
        return repo.insertRoom(organisationId, body);
      });
    },

    updateRoom(
      organisationId: number,
      id: number,
      body: { name: string; datacenterId: number | null },
    ): Promise<Room> {
      return write(organisationId, 'datacenter', async (repo) => {
        await requireOwned(repo, 'room', organisationId, id);
        await requireOwned(repo, 'datacenter', organisationId, body.datacenterId);
        return found('room', await repo.updateRoom(organisationId, id, body));
      });
    },

    createRack(organisationId: number, body: { name: string; roomId: number | null }) {
      return write(organisationId, 'room', async (repo) => {
        await requireOwned(repo, 'room', organisationId, body.roomId);
        return repo.insertRack(organisationId, body);
      });
    },

    updateRack(
      organisationId: number,
      id: number,
      body: { name: string; roomId: number | null },
    ): Promise<Rack> {
      return write(organisationId, 'room', async (repo) => {
        await requireOwned(repo, 'rack', organisationId, id);
        await requireOwned(repo, 'room', organisationId, body.roomId);
        return found('rack', await repo.updateRack(organisationId, id, body));
      });
    },

    /** A move (`serverName` null) or an edit; answers the server as the list shows it. */
    updateServer(organisationId: number, id: number, update: ServerUpdate): Promise<Server> {
      return write(organisationId, 'rack', async (repo) => {
        await requireOwned(repo, 'server', organisationId, id);
        await requireOwned(repo, 'rack', organisationId, update.rackId);
        await repo.updateServer(organisationId, id, update);
        return found('server', await repo.findServer(organisationId, id));
      });
    },

    /** Deletes a datacenter, room or rack; what was under it becomes unassigned. */
    deleteContainer(organisationId: number, entity: HierarchyEntity, id: number): Promise<void> {
      return write(organisationId, null, async (repo) => {
        if (!(await repo.deleteContainer(TABLES[entity], organisationId, id))) {
          throw missing(entity);
        }
      });
    },
  };
}

export type HierarchyService = ReturnType<typeof createHierarchyService>;
