import { useState } from 'react';
import { NAME_MAX_LENGTH, datacenterBodySchema, type Datacenter } from '@brezza/contract';
import { TextField } from '@/components/ui/text-field';
import { useCreateDatacenter } from '../../api/create-datacenter';
import { useDeleteDatacenter } from '../../api/delete-datacenter';
import { useUpdateDatacenter } from '../../api/update-datacenter';
import { DeleteDialog } from './delete-dialog';
import { NamedEntityDialog } from './named-entity-dialog';

/** Create New Datacenter, or Edit Datacenter when given one. */
export function DatacenterDialog({
  datacenter,
  onClose,
}: {
  datacenter?: Datacenter;
  onClose(): void;
}) {
  const [location, setLocation] = useState(datacenter?.location ?? '');
  const create = useCreateDatacenter();
  const update = useUpdateDatacenter();
  return (
    <NamedEntityDialog
      entity="datacenter"
      titles={{ create: 'Create New Datacenter', edit: 'Edit Datacenter' }}
      editing={datacenter}
      placeholder="e.g. Milan North"
      schema={datacenterBodySchema}
      body={(name) => ({ name, location })}
      create={create.mutateAsync}
      update={update.mutateAsync}
      onClose={onClose}
    >
      <TextField
        label="Location"
        value={location}
        onChange={(event) => setLocation(event.target.value)}
        maxLength={NAME_MAX_LENGTH}
        placeholder="e.g. Milan, Italy"
        autoComplete="off"
      />
    </NamedEntityDialog>
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
      entity="datacenter"
      title="Delete Datacenter"
      row={datacenter}
      consequence="Its rooms become unassigned. No room, rack or server is deleted."
      remove={remove.mutateAsync}
      onClose={onClose}
    />
  );
}
