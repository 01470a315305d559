/**
 * The pCDU dashboard's areas, as docs/pcdu-dashboard describes them: each tile's sensor (as the
 * default profile names it) and label.
 */
export const DASHBOARD_AREAS: { title: string; sensors: [string, string][] }[] = [
  {
    title: 'Temperatures',
    sensors: [
      ['refrigerant_supply_temperature', 'Supply'],
      ['refrigerant_return_temperature', 'Return'],
      ['dT', 'dT'],
      ['ambtemp', 'Ambient'],
    ],
  },
  {
    title: 'Facility water',
    sensors: [
      ['water_inlet_temperature', 'Water inlet'],
      ['water_outlet_temperature', 'Water outlet'],
      ['facility_supply_pressure', 'Supply pressure'],
      ['facility_return_pressure', 'Return pressure'],
    ],
  },
  {
    title: 'Flow',
    sensors: [
      ['wflow', 'Water flow'],
      ['ref_m', 'Refrigerant flow'],
      ['Setpoint_VolumetricFlow', 'Target flow'],
    ],
  },
  {
    title: 'Energy',
    sensors: [
      ['cooling_power', 'Cooling power'],
      ['energy', 'Energy'],
    ],
  },
  {
    title: 'Power supplies',
    sensors: [
      ['psu1', 'PSU1'],
      ['psu2', 'PSU2'],
    ],
  },
  {
    title: 'Alarms',
    sensors: [
      ['waterleak', 'Water leak'],
      ['ErrorState', 'Error state'],
      ['malfunction', 'Malfunction info'],
    ],
  },
];
