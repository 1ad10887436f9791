export * from './client/index.js';
export * from './errors/error-codes.js';
export * from './persistence/index.js';
export * from './registration/index.js';
export * from './routing/index.js';
export * from './security/index.js';
export * from './server/index.js';
export * from './wire/index.js';
