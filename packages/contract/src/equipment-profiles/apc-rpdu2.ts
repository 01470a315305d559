/**
 * APC Rack PDU 2G (PowerNet-MIB, rPDU2 = 1.3.6.1.4.1.318.1.1.26), validated by
 * `snmpProfileSchema`. Outlet power in W, outlet and phase current in tenths of an ampere,
 * phase voltage in V, device power in hundredths of a kW, device energy in tenths of a kWh.
 */
export const APC_RPDU2_PROFILE_DATA = {
  id: 'apc-rpdu2',
  type: 'pdu',
  protocol: 'snmp',
  name: 'APC Rack PDU 2G (rPDU2)',
  defaultPort: 161,
  metrics: [
    {
      sensor: 'outlet_{i}_power',
      label: 'Outlet power',
      scope: 'outlet',
      oid: '1.3.6.1.4.1.318.1.1.26.9.4.3.1.7.{i}',
      unit: 'W',
    },
    {
      sensor: 'outlet_{i}_current',
      label: 'Outlet current',
      scope: 'outlet',
      oid: '1.3.6.1.4.1.318.1.1.26.9.4.3.1.6.{i}',
      scale: 0.1,
      unit: 'A',
    },
    {
      sensor: 'outlet_{i}_state',
      label: 'Outlet state',
      scope: 'outlet',
      oid: '1.3.6.1.4.1.318.1.1.26.9.2.3.1.5.{i}',
      unit: '',
      states: { '1': 'OFF', '2': 'ON' },
    },
    {
      sensor: 'phase_{i}_current',
      label: 'Phase current',
      scope: 'phase',
      oid: '1.3.6.1.4.1.318.1.1.26.6.3.1.5.{i}',
      scale: 0.1,
      unit: 'A',
    },
    {
      sensor: 'phase_{i}_voltage',
      label: 'Phase voltage',
      scope: 'phase',
      oid: '1.3.6.1.4.1.318.1.1.26.6.3.1.6.{i}',
      unit: 'V',
    },
    {
      sensor: 'power',
      label: 'Total power',
      scope: 'device',
      oid: '1.3.6.1.4.1.318.1.1.26.4.3.1.5.1',
      scale: 10,
      unit: 'W',
    },
    {
      sensor: 'energy',
      label: 'Total energy',
      scope: 'device',
      oid: '1.3.6.1.4.1.318.1.1.26.4.3.1.9.1',
      scale: 0.1,
      unit: 'kWh',
    },
  ],
} as const;
