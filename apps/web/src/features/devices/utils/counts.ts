/** SPEC §2: '1 item' or 'N items' on every tree node. */
export const itemCountText = (count: number) => (count === 1 ? '1 item' : `${count} items`);

/** SPEC §2, the table view's count, as the SPEC writes it. */
export const devicesTotalText = (count: number) => `${count} device(s) total`;

/** Device type 'Server' when the server has none (SPEC §3). */
export const deviceTypeText = (deviceTypeId: number | null) =>
  deviceTypeId === null ? 'Server' : `Type ${deviceTypeId}`;
