/** SPEC §2 legend: Datacenter blue, Room green, Rack yellow, Device red. */
export const ENTITY_COLOURS = {
  datacenter: { swatch: 'bg-blue-600', ring: 'border-blue-200', tint: 'bg-blue-50' },
  room: { swatch: 'bg-green-600', ring: 'border-green-200', tint: 'bg-green-50' },
  rack: { swatch: 'bg-yellow-400', ring: 'border-yellow-200', tint: 'bg-yellow-50' },
  device: { swatch: 'bg-red-500', ring: 'border-red-200', tint: 'bg-red-50' },
} as const;

export type EntityKind = keyof typeof ENTITY_COLOURS;
