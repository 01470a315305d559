/** Texts of the Devices page that the SPEC gives word for word. */
export const PAGE_TITLE = 'Device Hierarchy';
export const LOAD_ERROR_MESSAGE = 'Failed to load data. Please try again later.';
export const EMPTY_TABLE_MESSAGE = 'No devices found. Add your first device below.';
export const UNASSIGNED = 'Unassigned';
export const NO_ROOMS = 'No rooms';
export const NO_RACKS = 'No racks';
export const NO_DEVICES = 'No devices';
export const NO_DEVICES_IN_RACK = 'No devices in this rack';

/** Ours (issue 16): a search or filter that matches nothing. */
export const NO_MATCHES = 'No devices match the search and filters.';
