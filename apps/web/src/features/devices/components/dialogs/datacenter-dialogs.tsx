import { useState } from 'react';
import {
  NAME_MAX_LENGTH,
  createFailedMessage,
  datacenterBodySchema,
  deleteFailedMessage,
  updateFailedMessage,
  type Datacenter,
} from '@brezza/contract';
import { TextField } from '@/components/ui/text-field';
import { useCreateDatacenter } from '../../api/create-datacenter';
import { useDeleteDatacenter } from '../../api/delete-datacenter';
import { useUpdateDatacenter } from '../../api/update-datacenter';
import { DeleteDialog } from './delete-dialog';
import { FormDialog } from './form-dialog';
import { useDialogSubmit } from './use-dialog-submit';

/** Create New Datacenter, or Edit Datacenter when given one. */
export function DatacenterDialog({
  datacenter,
  onClose,
}: {
  datacenter?: Datacenter;
  onClose(): void;
}) {
  const [name, setName] = useState(datacenter?.name ?? '');
  const [location, setLocation] = useState(datacenter?.location ?? '');
  const create = useCreateDatacenter();
  const update = useUpdateDatacenter();
  const { error, busy, submit } = useDialogSubmit({
    onClose,
    fallback: (status) =>
      datacenter
        ? updateFailedMessage('datacenter', status)
        : createFailedMessage('datacenter', status),
  });

  const onSubmit = () => {
    const body = { name, location };
    void submit(datacenterBodySchema, body, () =>
      datacenter ? update.mutateAsync({ id: datacenter.id, body }) : create.mutateAsync(body),
    );
  };

  return (
    <FormDialog
      title={datacenter ? 'Edit Datacenter' : 'Create New Datacenter'}
      submitLabel={datacenter ? 'Save' : 'Create'}
      busyLabel={datacenter ? 'Saving...' : 'Creating...'}
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
        placeholder="e.g. Milan North"
        autoComplete="off"
        data-autofocus
      />
      <TextField
        label="Location"
        value={location}
        onChange={(event) => setLocation(event.target.value)}
        maxLength={NAME_MAX_LENGTH}
        placeholder="e.g. Milan, Italy"
        autoComplete="off"
      />
    </FormDialog>
  );
}

export function DeleteDatacenterDialog({
  datacenter,
  onClose,
}: {
  datacenter: Datacenter;
  onClose(): void;
}) {
  const remove = useDeleteDatacenter();
  return (
    <DeleteDialog
      title="Delete Datacenter"
      name={datacenter.name}
      consequence="Its rooms become unassigned. No room, rack or server is deleted."
      fallback={(status) => deleteFailedMessage('datacenter', status)}
      onConfirm={() => remove.mutateAsync(datacenter.id)}
      onClose={onClose}
    />
  );
}
