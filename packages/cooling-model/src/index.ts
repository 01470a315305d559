export * from './pcdu-model.js';
export * from './steady-state.js';
export * from './energy.js';
export * from './calibration.js';
export * from './optimiser.js';
export * from './realised.js';
