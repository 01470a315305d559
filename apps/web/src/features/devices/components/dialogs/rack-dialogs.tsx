import {
  rackBodySchema,
  type Datacenter,
  type Rack,
  type RackBody,
  type Room,
} from '@brezza/contract';
import { useCreateRack } from '../../api/create-rack';
import { useDeleteRack } from '../../api/delete-rack';
import { useUpdateRack } from '../../api/update-rack';
import { roomOptions } from './options';
import { DeleteDialog } from './delete-dialog';
import { NamedEntityDialog } from './named-entity-dialog';

/** Create New Rack, or Edit Rack when given one; the room is optional (SPEC §5). */
export function RackDialog({
  rack,
  rooms,
  datacenters,
  onClose,
}: {
  rack?: Rack;
  rooms: Room[];
  datacenters: Datacenter[];
  onClose(): void;
}) {
  const create = useCreateRack();
  const update = useUpdateRack();
  return (
    <NamedEntityDialog
      entity="rack"
      titles={{ create: 'Create New Rack', edit: 'Edit Rack' }}
      editing={rack}
      placeholder="e.g. A-01"
      parent={{
        label: 'Room',
        options: roomOptions(
          rooms,
          datacenters,
          rack ? 'Standalone rack' : 'Create as standalone rack',
        ),
        currentId: rack?.roomId,
      }}
      schema={rackBodySchema}
      body={(name, roomId): RackBody => ({ name, ...(roomId === undefined ? {} : { roomId }) })}
      create={create.mutateAsync}
      update={update.mutateAsync}
      onClose={onClose}
    />
  );
}

export function DeleteRackDialog({ rack, onClose }: { rack: Rack; onClose(): void }) {
  const remove = useDeleteRack();
  return (
    <DeleteDialog
      entity="rack"
      title="Delete Rack"
      row={rack}
      consequence="Its servers become unassigned. No server is deleted."
      remove={remove.mutateAsync}
      onClose={onClose}
    />
  );
}
