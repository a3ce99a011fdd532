/**
 * Everything of the contracts that the browser may bundle: constants, texts, routes and pure
 * functions, without zod (the server validates; a test keeps zod out of this entry point).
 * Types of the zod schemas are imported from '@kaleido/common' with `import type`.
 */
export * from './api-examples.js';
export * from './api-keys-constants.js';
export * from './auth-constants.js';
export * from './billing-constants.js';
export * from './constants.js';
export * from './errors.js';
export * from './experimental.js';
export * from './generation-constants.js';
export * from './i18n/api-message-defaults.js';
export * from './i18n/locales.js';
export * from './lipsync-constants.js';
export * from './realtime-constants.js';
export * from './routes.js';
export * from './settings-constants.js';
export * from './sharing-constants.js';
export * from './tools-constants.js';
export * from './trainings-constants.js';
export * from './two-factor-constants.js';
export * from './webhook-examples.js';
