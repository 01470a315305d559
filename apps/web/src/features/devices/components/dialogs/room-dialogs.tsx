import { roomBodySchema, type Datacenter, type Room, type RoomBody } from '@brezza/contract';
import { useCreateRoom } from '../../api/create-room';
import { useDeleteRoom } from '../../api/delete-room';
import { useUpdateRoom } from '../../api/update-room';
import { datacenterOptions } from './options';
import { DeleteDialog } from './delete-dialog';
import { NamedEntityDialog } from './named-entity-dialog';

/** Create New Room, or Edit Room when given one; the datacenter is optional (SPEC §5). */
export function RoomDialog({
  room,
  datacenters,
  onClose,
}: {
  room?: Room;
  datacenters: Datacenter[];
  onClose(): void;
}) {
  const create = useCreateRoom();
  const update = useUpdateRoom();
  return (
    <NamedEntityDialog
      entity="room"
      titles={{ create: 'Create New Room', edit: 'Edit Room' }}
      editing={room}
      placeholder="e.g. Hall A"
      parent={{
        label: 'Datacenter',
        options: datacenterOptions(
          datacenters,
          room ? 'Standalone room' : 'Create as standalone room',
        ),
        currentId: room?.datacenterId,
      }}
      schema={roomBodySchema}
      body={(name, datacenterId): RoomBody => ({
        name,
        ...(datacenterId === undefined ? {} : { datacenterId }),
      })}
      create={create.mutateAsync}
      update={update.mutateAsync}
      onClose={onClose}
    />
  );
}

export function DeleteRoomDialog({ room, onClose }: { room: Room; onClose(): void }) {
  const remove = useDeleteRoom();
  return (
    <DeleteDialog
      entity="room"
      title="Delete Room"
      row={room}
      consequence="Its racks become unassigned. No rack or server is deleted."
      remove={remove.mutateAsync}
      onClose={onClose}
    />
  );
}
