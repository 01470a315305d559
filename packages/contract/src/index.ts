export * from './errors.js';
export * from './app-config.js';
export * from './limits.js';
export * from './identity.js';
