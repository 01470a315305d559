/**
 * `@brezza/agent/equipment`: the agent's equipment code as a library, for the server (the demo
 * organisation runs its pCDU and PDU simulators in process and reaches them through the same
 * collectors; `admin simulate-fault` uses injectSimulatorFault) and for tests.
 */
export {
  startPcduSimulator,
  pcduHistory,
  measurementWords,
  defaultHoldingWords,
  DEFAULT_PCDU_HEAT_LOAD_KW,
  type HistoryOptions,
  type PcduSimulator,
  type PcduSimulatorOptions,
} from './pcdu-simulator.js';
export {
  startPduSimulator,
  pduHistory,
  pduOidValues,
  DEFAULT_PDU_LOAD_KW,
  PDU_FAULTS,
  type PduSimulator,
  type PduSimulatorOptions,
} from './pdu-simulator.js';
export { injectSimulatorFault } from './control-server.js';
export {
  createModbusConnection,
  applyModbusCommand,
  ModbusNoAnswer,
  ModbusRefused,
  type ModbusConnection,
  type ModbusTarget,
} from './modbus-collector.js';
export { pollSnmp, SnmpNoAnswer } from './snmp-collector.js';
export {
  runEquipment,
  executeCommand,
  type EquipmentClient,
  type EquipmentServiceDeps,
} from './equipment-service.js';
export {
  DEFAULT_PCDU_PARAMETERS,
  WATER_CP_KJ_PER_KG_K,
  WATER_DENSITY_KG_PER_M3,
  COOLANT_CP_KJ_PER_KG_K,
  applyFault,
  flowSetpointLpm,
  initialPcduState,
  pcduReadings,
  stepPcdu,
  varyingHeatLoadKw,
  type PcduFaults,
  type PcduParameters,
  type PcduReadings,
  type PcduState,
} from '@brezza/cooling-model';
export {
  DEFAULT_PDU_PARAMETERS,
  pduReadings,
  stepPdu,
  type PduParameters,
  type PduState,
} from './pdu-model.js';
export { decodeProfile, decodeRegister, planCommand, readBlocks } from './modbus-map.js';
export { decodeSnmp, walkRoots } from './snmp-map.js';
