export { AddDevicesSection } from './components/add-devices-section';
