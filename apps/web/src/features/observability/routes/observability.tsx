import { useParams } from 'react-router';
import { ObservabilityPage } from '../components/observability-page';
import type { Scope } from '../utils/hierarchy';
import { scopeFromParams } from '../utils/scope-path';

function ScopeRoute({ type }: { type: Scope['type'] }) {
  const { id } = useParams();
  const scope = scopeFromParams(type, id);
  if (!scope) {
    throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
  }
  // A new scope is a new page: charts, zoom and hover start afresh.
  return <ObservabilityPage key={`${scope.type}-${id ?? ''}`} scope={scope} />;
}

export const OrganisationObservabilityRoute = () => <ScopeRoute type="organisation" />;
export const DatacenterObservabilityRoute = () => <ScopeRoute type="datacenter" />;
export const RoomObservabilityRoute = () => <ScopeRoute type="room" />;
export const RackObservabilityRoute = () => <ScopeRoute type="rack" />;
export const ServerObservabilityRoute = () => <ScopeRoute type="server" />;
