import { useDeferredValue, useMemo, useState } from 'react';
import {
  NAME_MAX_LENGTH,
  serverUpdateBodySchema,
  updateFailedMessage,
  type Rack,
  type Room,
  type Server,
  type ServerUpdateBody,
} from '@brezza/contract';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { useUpdateServer } from '../../api/update-server';
import { MachineIdText } from '../machine-id-text';
import { rackOptions, selectedId } from './options';
import { FormDialog } from './form-dialog';
import { useDialogSubmit } from './use-dialog-submit';

/**
 * Edit Server: rename it and choose its rack. Also the keyboard way to do what dragging a row
 * onto a rack does.
 */
export function ServerDialog({
  server,
  racks,
  rooms,
  onClose,
}: {
  server: Server;
  racks: Rack[];
  rooms: Room[];
  onClose(): void;
}) {
  // Thousands of racks in a large organisation: sorted once, not on every keystroke, and their
  // options rendered just after the dialog opens (the choices it opens with are 'Unassigned'
  // and the server's rack), so that it opens at once (issue 10: 116 ms with 2,511 racks).
  const allOptions = useMemo(() => rackOptions(racks, rooms), [racks, rooms]);
  const [rackId, setRackId] = useState(() => selectedId(allOptions, server.rackId));
  const openingOptions = useMemo(
    () =>
      allOptions.filter((option) => option.value === '' || option.value === String(server.rackId)),
    [allOptions, server.rackId],
  );
  const options = useDeferredValue(allOptions, openingOptions);
  const [serverName, setServerName] = useState(server.serverName);
  const update = useUpdateServer();
  const { error, busy, submit } = useDialogSubmit({
    onClose,
    fallback: (status) => updateFailedMessage('server', status),
  });

  const onSubmit = () => {
    const body: ServerUpdateBody = { serverName, ...(rackId ? { rackId: Number(rackId) } : {}) };
    void submit(serverUpdateBodySchema, body, () => update.mutateAsync({ id: server.id, body }));
  };

  return (
    <FormDialog
      title="Edit Server"
      submitLabel="Save"
      busyLabel="Saving..."
      busy={busy}
      error={error}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <TextField
        label="Server name"
        value={serverName}
        onChange={(event) => setServerName(event.target.value)}
        maxLength={NAME_MAX_LENGTH}
        autoComplete="off"
        data-autofocus
      />
      <SelectField
        label="Rack"
        options={options}
        value={rackId}
        onChange={(event) => setRackId(event.target.value)}
      />
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg bg-slate-50 px-3 py-2 text-sm">
        <dt className="text-slate-500">Public IPv4</dt>
        <dd className="font-mono text-xs leading-5">{server.publicIpv4 || '—'}</dd>
        <dt className="text-slate-500">Machine ID</dt>
        <dd className="leading-5">
          <MachineIdText machineId={server.machineId} />
        </dd>
      </dl>
    </FormDialog>
  );
}
