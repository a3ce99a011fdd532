export * from './api-keys.js';
export * from './auth.js';
export * from './billing.js';
export * from './browser.js';
export * from './envelope.js';
export * from './generation.js';
export * from './settings.js';
export * from './usage.js';
