/**
 * The hierarchy's addresses (SPEC §7), apart from its schemas: pages that only make the calls,
 * before their own code has loaded, import these without the schema library.
 */
export const SERVERS_PATH = '/api/servers';
export const DATACENTERS_PATH = '/api/datacenters';
export const ROOMS_PATH = '/api/rooms';
export const RACKS_PATH = '/api/racks';
/** Built by the onboarding module; the Devices page fires it 5 s after the last change. */
export const REFRESH_METRICS_PATH = '/api/refresh_prometheus';

export const serverPath = (id: number) => `${SERVERS_PATH}/${id}`;
export const datacenterPath = (id: number) => `${DATACENTERS_PATH}/${id}`;
export const roomPath = (id: number) => `${ROOMS_PATH}/${id}`;
export const rackPath = (id: number) => `${RACKS_PATH}/${id}`;

/** GET /api/servers?encoding=columns: the compact servers list (see hierarchy-bulk.ts). */
export const SERVERS_ENCODING_COLUMNS = 'columns';
