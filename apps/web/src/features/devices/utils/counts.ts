import { DEVICE_TYPE_LABELS, type Server } from '@brezza/contract';

/** SPEC §2: '1 item' or 'N items' on every tree node. */
export const itemCountText = (count: number) => (count === 1 ? '1 item' : `${count} items`);

/** SPEC §2, the table view's count, as the SPEC writes it. */
export const devicesTotalText = (count: number) => `${count} device(s) total`;

/**
 * The type filter's value for a device: 'pcdu' or 'pdu' for equipment, 'server' for a server
 * without a type id, else the type id.
 */
export const deviceTypeKey = (server: Pick<Server, 'deviceType' | 'deviceTypeId'>) =>
  server.deviceType !== 'server'
    ? server.deviceType
    : server.deviceTypeId === null
      ? 'server'
      : String(server.deviceTypeId);

/** 'pCDU' and 'PDU' for equipment; a server shows 'Server' when it has no type id (SPEC §3). */
export const deviceTypeText = (server: Pick<Server, 'deviceType' | 'deviceTypeId'>) =>
  server.deviceType !== 'server'
    ? DEVICE_TYPE_LABELS[server.deviceType]
    : server.deviceTypeId === null
      ? 'Server'
      : `Type ${server.deviceTypeId}`;
