import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  EQUIPMENT_PROFILES,
  createEquipmentBodySchema,
  type CreateEquipmentBody,
  type EquipmentType,
} from '@brezza/contract';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import { ApiError, useApiClient } from '@/lib/api-client';
import { useCreateEquipment } from '../api/create-equipment';
import {
  gatewayServersQueryOptions,
  racksQueryOptions,
  roomsQueryOptions,
} from '../api/get-placements';

const numberOrText = (text: string): unknown =>
  text.trim() === '' ? undefined : Number.isNaN(Number(text)) ? text : Number(text);

/** 'Add equipment': type, name, placement, protocol address and the gateway server. */
export function AddEquipmentForm({ onAdded }: { onAdded(id: number): void }) {
  const request = useApiClient();
  const servers = useQuery(gatewayServersQueryOptions(request));
  const rooms = useQuery(roomsQueryOptions(request));
  const racks = useQuery(racksQueryOptions(request));
  const create = useCreateEquipment();
  const [type, setType] = useState<EquipmentType>('pcdu');
  const [form, setForm] = useState({
    name: '',
    profile: '',
    placement: '',
    host: '',
    port: '',
    unitId: '',
    gatewayServerId: '',
    community: '',
  });
  const [error, setError] = useState<string | null>(null);
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm({ ...form, [field]: event.target.value });

  const placementOptions = [
    { value: '', label: type === 'pdu' ? 'Choose a rack' : 'Unassigned' },
    ...(type === 'pcdu'
      ? (rooms.data ?? []).map((room) => ({ value: `room:${room.id}`, label: `Room ${room.name}` }))
      : []),
    ...(racks.data ?? []).map((rack) => ({ value: `rack:${rack.id}`, label: `Rack ${rack.name}` })),
  ];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const [kind, placeId] = form.placement.split(':');
    const body: Record<string, unknown> = {
      type,
      name: form.name,
      profile: form.profile || undefined,
      host: form.host,
      port: numberOrText(form.port),
      gatewayServerId: numberOrText(form.gatewayServerId),
      rackId: kind === 'rack' ? Number(placeId) : null,
      roomId: kind === 'room' ? Number(placeId) : null,
      ...(type === 'pcdu'
        ? { unitId: numberOrText(form.unitId) }
        : { snmp: { version: '2c', community: form.community } }),
    };
    const parsed = createEquipmentBodySchema.safeParse(body);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the fields.');
      return;
    }
    create.mutate(body as CreateEquipmentBody, {
      onSuccess: (created) => onAdded(created.id),
      onError: (failure) =>
        setError(
          failure instanceof ApiError ? failure.message : 'The equipment could not be added.',
        ),
    });
  };

  return (
    <Card className="p-4 sm:p-6">
      <h2 className="text-lg font-semibold text-ink">Add equipment</h2>
      <p className="mt-1 text-sm text-slate-600">
        The gateway is a server whose agent can reach the unit: it polls a pCDU over Modbus TCP
        every 2 s and a PDU over SNMP every 10 s.
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Type"
          value={type}
          onChange={(event) => {
            setType(event.target.value as EquipmentType);
            setForm({ ...form, profile: '', placement: '' });
          }}
          options={[
            { value: 'pcdu', label: 'pCDU (Modbus TCP)' },
            { value: 'pdu', label: 'PDU (SNMP)' },
          ]}
        />
        <TextField label="Name" value={form.name} onChange={set('name')} required />
        <SelectField
          label="Profile"
          value={form.profile}
          onChange={set('profile')}
          options={EQUIPMENT_PROFILES.filter((profile) => profile.type === type).map((profile) => ({
            value: profile.id,
            label: profile.name,
          }))}
        />
        <SelectField
          label="Placement"
          value={form.placement}
          onChange={set('placement')}
          options={placementOptions}
        />
        <TextField
          label="Address"
          value={form.host}
          onChange={set('host')}
          placeholder="10.20.30.41"
          required
        />
        <TextField
          label="Port"
          value={form.port}
          onChange={set('port')}
          inputMode="numeric"
          placeholder={type === 'pcdu' ? '502' : '161'}
        />
        {type === 'pcdu' ? (
          <TextField
            label="Modbus unit id"
            value={form.unitId}
            onChange={set('unitId')}
            inputMode="numeric"
            placeholder="1"
          />
        ) : (
          <TextField
            label="SNMP v2c community"
            value={form.community}
            onChange={set('community')}
            autoComplete="off"
          />
        )}
        <SelectField
          label="Gateway server"
          value={form.gatewayServerId}
          onChange={set('gatewayServerId')}
          options={[
            { value: '', label: 'Choose a server' },
            ...(servers.data ?? []).map((server) => ({
              value: String(server.id),
              label: server.serverName,
            })),
          ]}
        />
        {error && (
          <Alert tone="error" className="sm:col-span-2">
            {error}
          </Alert>
        )}
        <div className="sm:col-span-2">
          <Button type="submit" disabled={create.isPending}>
            Add equipment
          </Button>
        </div>
      </form>
    </Card>
  );
}
