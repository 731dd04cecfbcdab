export * from './identity.js';
export * from './organizations.js';
