export * from './errors.js';
export * from './app-config.js';
export * from './limits.js';
export * from './identity.js';
export * from './devices.js';
export * from './organisation.js';
export * from './plans.js';
export * from './onboarding.js';
