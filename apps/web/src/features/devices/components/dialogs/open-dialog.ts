import type { Datacenter, Rack, Room, Server } from '@brezza/contract';

/** Which of the ten dialogs is open (SPEC §2), with the row it is about. */
export type OpenDialog =
  | { kind: 'create-datacenter' }
  | { kind: 'edit-datacenter'; datacenter: Datacenter }
  | { kind: 'delete-datacenter'; datacenter: Datacenter }
  | { kind: 'create-room' }
  | { kind: 'edit-room'; room: Room }
  | { kind: 'delete-room'; room: Room }
  | { kind: 'create-rack' }
  | { kind: 'edit-rack'; rack: Rack }
  | { kind: 'delete-rack'; rack: Rack }
  | { kind: 'edit-server'; server: Server };
