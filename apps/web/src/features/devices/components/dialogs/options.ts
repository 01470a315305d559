import type { Datacenter, Rack, Room } from '@brezza/contract';
import type { SelectOption } from '@/components/ui/select-field';
import { UNASSIGNED } from '../../utils/messages';
import { compareText } from '../../utils/sort';

const byName = <T extends { name: string }>(items: T[]) =>
  [...items].sort((a, b) => compareText(a.name, b.name));

/** SPEC §5: datacenter options show name and location, after the standalone choice. */
export function datacenterOptions(datacenters: Datacenter[], standalone: string): SelectOption[] {
  return [
    { value: '', label: standalone },
    ...byName(datacenters).map((dc) => ({
      value: String(dc.id),
      label: `${dc.name} (${dc.location})`,
    })),
  ];
}

/** Rooms by name; the datacenter's name tells apart rooms that share one. */
export function roomOptions(rooms: Room[], datacenters: Datacenter[], standalone: string) {
  const names = new Map(datacenters.map((dc) => [dc.id, dc.name]));
  return [
    { value: '', label: standalone },
    ...byName(rooms).map((room) => {
      const datacenter = room.datacenterId === null ? undefined : names.get(room.datacenterId);
      return {
        value: String(room.id),
        label: datacenter ? `${room.name} (${datacenter})` : room.name,
      };
    }),
  ];
}

/** SPEC §5: 'Unassigned' first, then racks by name with their room. */
export function rackOptions(racks: Rack[], rooms: Room[]): SelectOption[] {
  const names = new Map(rooms.map((room) => [room.id, room.name]));
  return [
    { value: '', label: UNASSIGNED },
    ...byName(racks).map((rack) => {
      const room = rack.roomId === null ? undefined : names.get(rack.roomId);
      return { value: String(rack.id), label: room ? `${rack.name} (${room})` : rack.name };
    }),
  ];
}

/** The option for a current parent id, or the standalone/unassigned one when it is gone. */
export function selectedId(options: SelectOption[], id: number | null | undefined): string {
  const value = id == null ? '' : String(id);
  return options.some((option) => option.value === value) ? value : '';
}
