import { useState } from 'react';
import {
  NAME_MAX_LENGTH,
  createFailedMessage,
  deleteFailedMessage,
  roomBodySchema,
  updateFailedMessage,
  type Datacenter,
  type Room,
  type RoomBody,
} from '@brezza/contract';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useCreateRoom } from '../../api/create-room';
import { useDeleteRoom } from '../../api/delete-room';
import { useUpdateRoom } from '../../api/update-room';
import { datacenterOptions, selectedId } from './options';
import { DeleteDialog } from './delete-dialog';
import { FormDialog } from './form-dialog';
import { useDialogSubmit } from './use-dialog-submit';

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
  const options = datacenterOptions(
    datacenters,
    room ? 'Standalone room' : 'Create as standalone room',
  );
  const [name, setName] = useState(room?.name ?? '');
  const [datacenterId, setDatacenterId] = useState(selectedId(options, room?.datacenterId));
  const create = useCreateRoom();
  const update = useUpdateRoom();
  const { error, busy, submit } = useDialogSubmit({
    onClose,
    fallback: (status) =>
      room ? updateFailedMessage('room', status) : createFailedMessage('room', status),
  });

  const onSubmit = () => {
    // SPEC §5: the datacenter is sent, as a number, only when one is chosen.
    const body: RoomBody = {
      name,
      ...(datacenterId ? { datacenterId: Number(datacenterId) } : {}),
    };
    void submit(roomBodySchema, body, () =>
      room ? update.mutateAsync({ id: room.id, body }) : create.mutateAsync(body),
    );
  };

  return (
    <FormDialog
      title={room ? 'Edit Room' : 'Create New Room'}
      submitLabel={room ? 'Save' : 'Create'}
      busyLabel={room ? 'Saving...' : 'Creating...'}
      busy={busy}
      error={error}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <TextField
        label="Name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        maxLength={NAME_MAX_LENGTH}
        placeholder="e.g. Hall A"
        autoComplete="off"
        data-autofocus
      />
      <SelectField
        label="Datacenter"
        options={options}
        value={datacenterId}
        onChange={(event) => setDatacenterId(event.target.value)}
      />
    </FormDialog>
  );
}

export function DeleteRoomDialog({ room, onClose }: { room: Room; onClose(): void }) {
  const remove = useDeleteRoom();
  return (
    <DeleteDialog
      title="Delete Room"
      name={room.name}
      consequence="Its racks become unassigned. No rack or server is deleted."
      fallback={(status) => deleteFailedMessage('room', status)}
      onConfirm={() => remove.mutateAsync(room.id)}
      onClose={onClose}
    />
  );
}
