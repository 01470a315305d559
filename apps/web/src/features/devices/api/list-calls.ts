import {
  DATACENTERS_PATH,
  RACKS_PATH,
  ROOMS_PATH,
  SERVERS_ENCODING_COLUMNS,
  SERVERS_PATH,
} from '@brezza/contract';

/** The servers list in its compact encoding (see `getServers`). */
export const SERVERS_CALL = `${SERVERS_PATH}?encoding=${SERVERS_ENCODING_COLUMNS}`;

/**
 * The four lists the page loads, as its `get-*` calls make them. Without schemas: the app starts
 * them while the page's own code is still loading (`startEarlyCall`), and that code then takes
 * their answers instead of asking again.
 */
export const DEVICES_LIST_CALLS = [
  { path: SERVERS_CALL, offMainThread: true },
  { path: DATACENTERS_PATH, offMainThread: false },
  { path: ROOMS_PATH, offMainThread: false },
  { path: RACKS_PATH, offMainThread: false },
] as const;
