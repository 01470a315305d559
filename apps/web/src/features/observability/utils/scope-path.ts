import { OBSERVABILITY_PATH, observabilityServerPath } from '@brezza/contract';
import type { Scope } from './hierarchy';

const SEGMENTS = { datacenter: 'datacenters', room: 'rooms', rack: 'racks' } as const;

/** A scope's page: /observability, /observability/{datacenters|rooms|racks|servers}/{id}. */
export function scopePath(scope: Scope): string {
  if (scope.type === 'organisation') return OBSERVABILITY_PATH;
  if (scope.type === 'server') return observabilityServerPath(scope.id);
  return `${OBSERVABILITY_PATH}/${SEGMENTS[scope.type]}/${scope.id}`;
}

/** The scope a page's route parameters name, or null for an id that is not a positive number. */
export function scopeFromParams(type: Scope['type'], id: string | undefined): Scope | null {
  if (type === 'organisation') return { type };
  if (!id || !/^[1-9]\d{0,9}$/.test(id)) return null;
  return { type, id: Number(id) };
}
