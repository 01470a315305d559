export { AddDevicesSection, type RackOption } from './components/add-devices-section';
