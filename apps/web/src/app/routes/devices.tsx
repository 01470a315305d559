import { DevicesPage } from '@/features/devices/components/devices-page';
import { AddDevicesSection } from '@/features/onboarding';
import { useMe } from '@/lib/me';

/**
 * /devices (SPEC §2): the Devices page, with the onboarding feature's 'Add Devices' section
 * passed in through `addDevices`, so that it sits below the views and above 'Debug Output' and
 * offers the page's racks. Composed here because features never import each other. Making an
 * app token needs the admin role, so the section is offered to admins only; changing the
 * hierarchy needs operator, so viewers get the page without its '+', edit and delete buttons
 * or dragging.
 */
export function DevicesRoute() {
  const { can } = useMe();
  return (
    <DevicesPage
      addDevices={can('admin') ? ({ racks }) => <AddDevicesSection racks={racks} /> : undefined}
      editable={can('operator')}
    />
  );
}
