import { useState } from 'react';
import {
  NAME_MAX_LENGTH,
  createFailedMessage,
  deleteFailedMessage,
  rackBodySchema,
  updateFailedMessage,
  type Datacenter,
  type Rack,
  type RackBody,
  type Room,
} from '@brezza/contract';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useCreateRack } from '../../api/create-rack';
import { useDeleteRack } from '../../api/delete-rack';
import { useUpdateRack } from '../../api/update-rack';
import { roomOptions, selectedId } from './options';
import { DeleteDialog } from './delete-dialog';
import { FormDialog } from './form-dialog';
import { useDialogSubmit } from './use-dialog-submit';

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
  const options = roomOptions(
    rooms,
    datacenters,
    rack ? 'Standalone rack' : 'Create as standalone rack',
  );
  const [name, setName] = useState(rack?.name ?? '');
  const [roomId, setRoomId] = useState(selectedId(options, rack?.roomId));
  const create = useCreateRack();
  const update = useUpdateRack();
  const { error, busy, submit } = useDialogSubmit({
    onClose,
    fallback: (status) =>
      rack ? updateFailedMessage('rack', status) : createFailedMessage('rack', status),
  });

  const onSubmit = () => {
    // SPEC §5: the room is sent, as a number, only when one is chosen.
    const body: RackBody = { name, ...(roomId ? { roomId: Number(roomId) } : {}) };
    void submit(rackBodySchema, body, () =>
      rack ? update.mutateAsync({ id: rack.id, body }) : create.mutateAsync(body),
    );
  };

  return (
    <FormDialog
      title={rack ? 'Edit Rack' : 'Create New Rack'}
      submitLabel={rack ? 'Save' : 'Create'}
      busyLabel={rack ? 'Saving...' : 'Creating...'}
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
        placeholder="e.g. A-01"
        autoComplete="off"
        data-autofocus
      />
      <SelectField
        label="Room"
        options={options}
        value={roomId}
        onChange={(event) => setRoomId(event.target.value)}
      />
    </FormDialog>
  );
}

export function DeleteRackDialog({ rack, onClose }: { rack: Rack; onClose(): void }) {
  const remove = useDeleteRack();
  return (
    <DeleteDialog
      title="Delete Rack"
      name={rack.name}
      consequence="Its servers become unassigned. No server is deleted."
      fallback={(status) => deleteFailedMessage('rack', status)}
      onConfirm={() => remove.mutateAsync(rack.id)}
      onClose={onClose}
    />
  );
}
