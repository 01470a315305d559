import { DevicesPage } from '@/features/devices/components/devices-page';
import { AddDevicesSection } from '@/features/onboarding';

/**
 * /devices (SPEC §2): the Devices page, with the onboarding feature's 'Add Devices' section
 * passed in through `addDevices`, so that it sits below the views and above 'Debug Output' and
 * offers the page's racks. Composed here because features never import each other.
 */
export function DevicesRoute() {
  return <DevicesPage addDevices={({ racks }) => <AddDevicesSection racks={racks} />} />;
}
