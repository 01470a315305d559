import { Link } from 'react-router';
import type { Server } from '@brezza/contract';
import { Icon } from '@/components/ui/icon';
import { paths } from '@/config/paths';

/** A device's name; a pCDU or PDU has its own icon and links to its pages. */
export function DeviceName({ server }: { server: Server }) {
  if (server.deviceType === 'server') return <>{server.serverName}</>;
  return (
    <Link
      to={paths.equipmentUnit(server.id)}
      className="inline-flex items-center gap-1.5 text-brand-700 hover:underline"
      draggable={false}
    >
      <Icon
        name={server.deviceType === 'pcdu' ? 'droplet' : 'plug'}
        className="h-4 w-4 shrink-0"
        aria-label={server.deviceType === 'pcdu' ? 'pCDU' : 'PDU'}
      />
      {server.serverName}
    </Link>
  );
}
