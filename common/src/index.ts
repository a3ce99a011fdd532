export * from './auth.js';
export * from './constants.js';
export * from './envelope.js';
export * from './errors.js';
export * from './generation.js';
export * from './routes.js';
export * from './settings.js';
