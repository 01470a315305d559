/**
 * Raritan PX2/PX3 (PDU2-MIB, 1.3.6.1.4.1.13742.6), PDU 1, inlet 1, validated by
 * `snmpProfileSchema`. Sensor values are `measurements…SensorValue` rows indexed by
 * pdu.outlet.sensorType (rmsCurrent 1, rmsVoltage 4, activePower 5, activeEnergy 8, onOff 14);
 * phases are the inlet's poles. Currents assume 3 decimal digits (mA), as PX3 units report.
 */
export const RARITAN_PDU2_PROFILE_DATA = {
  id: 'raritan-pdu2',
  type: 'pdu',
  protocol: 'snmp',
  name: 'Raritan PX (PDU2-MIB)',
  defaultPort: 161,
  metrics: [
    {
      sensor: 'outlet_{i}_power',
      label: 'Outlet power',
      scope: 'outlet',
      oid: '1.3.6.1.4.1.13742.6.5.4.3.1.4.1.{i}.5',
      unit: 'W',
    },
    {
      sensor: 'outlet_{i}_current',
      label: 'Outlet current',
      scope: 'outlet',
      oid: '1.3.6.1.4.1.13742.6.5.4.3.1.4.1.{i}.1',
      scale: 0.001,
      unit: 'A',
    },
    {
      sensor: 'outlet_{i}_state',
      label: 'Outlet state',
      scope: 'outlet',
      oid: '1.3.6.1.4.1.13742.6.5.4.3.1.3.1.{i}.14',
      unit: '',
      states: { '7': 'ON', '8': 'OFF' },
    },
    {
      sensor: 'phase_{i}_current',
      label: 'Phase current',
      scope: 'phase',
      oid: '1.3.6.1.4.1.13742.6.5.3.3.1.4.1.1.{i}.1',
      scale: 0.001,
      unit: 'A',
    },
    {
      sensor: 'phase_{i}_voltage',
      label: 'Phase voltage',
      scope: 'phase',
      oid: '1.3.6.1.4.1.13742.6.5.3.3.1.4.1.1.{i}.4',
      unit: 'V',
    },
    {
      sensor: 'power',
      label: 'Total power',
      scope: 'device',
      oid: '1.3.6.1.4.1.13742.6.5.2.3.1.4.1.1.5',
      unit: 'W',
    },
    {
      sensor: 'energy',
      label: 'Total energy',
      scope: 'device',
      oid: '1.3.6.1.4.1.13742.6.5.2.3.1.4.1.1.8',
      scale: 0.001,
      unit: 'kWh',
    },
  ],
} as const;
