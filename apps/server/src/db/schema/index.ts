export * from './identity.js';
export * from './organizations.js';
export * from './patients.js';
export * from './queue.js';
export * from './idempotency.js';
export * from './visitors.js';
export * from './emergency.js';
export * from './settings.js';
