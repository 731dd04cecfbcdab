export * from './rules/access.js';
export * from './rules/plans.js';
export * from './contracts/common.js';
export * from './contracts/auth.js';
export * from './contracts/organizations.js';
export * from './rules/patient-age.js';
export * from './contracts/patients.js';
