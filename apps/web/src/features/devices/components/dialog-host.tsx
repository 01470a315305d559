import type { HierarchyLists } from '../utils/hierarchy';
import { DatacenterDialog, DeleteDatacenterDialog } from './dialogs/datacenter-dialogs';
import type { OpenDialog } from './dialogs/open-dialog';
import { DeleteRackDialog, RackDialog } from './dialogs/rack-dialogs';
import { DeleteRoomDialog, RoomDialog } from './dialogs/room-dialogs';
import { ServerDialog } from './dialogs/server-dialog';

/** Mounts the open dialog; closing unmounts it, which clears its form and banner (SPEC §4). */
export function DialogHost({
  dialog,
  lists,
  onClose,
}: {
  dialog: OpenDialog | null;
  lists: HierarchyLists;
  onClose(): void;
}) {
  if (!dialog) return null;
  switch (dialog.kind) {
    case 'create-datacenter':
      return <DatacenterDialog onClose={onClose} />;
    case 'edit-datacenter':
      return <DatacenterDialog datacenter={dialog.datacenter} onClose={onClose} />;
    case 'delete-datacenter':
      return <DeleteDatacenterDialog datacenter={dialog.datacenter} onClose={onClose} />;
    case 'create-room':
      return <RoomDialog datacenters={lists.datacenters} onClose={onClose} />;
    case 'edit-room':
      return <RoomDialog room={dialog.room} datacenters={lists.datacenters} onClose={onClose} />;
    case 'delete-room':
      return <DeleteRoomDialog room={dialog.room} onClose={onClose} />;
    case 'create-rack':
      return <RackDialog rooms={lists.rooms} datacenters={lists.datacenters} onClose={onClose} />;
    case 'edit-rack':
      return (
        <RackDialog
          rack={dialog.rack}
          rooms={lists.rooms}
          datacenters={lists.datacenters}
          onClose={onClose}
        />
      );
    case 'delete-rack':
      return <DeleteRackDialog rack={dialog.rack} onClose={onClose} />;
    case 'edit-server':
      return (
        <ServerDialog
          server={dialog.server}
          racks={lists.racks}
          rooms={lists.rooms}
          onClose={onClose}
        />
      );
  }
}
