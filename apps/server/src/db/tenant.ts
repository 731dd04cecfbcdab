// The tenant transaction driver: a transaction per organization (row level security, the role
// `clinic_app`), opened with its first statement and committed with its deferred writes, on a
// node-postgres pool or on the embedded database. Its parts are under `tenant/`.
export { checkAtCommit, checkInCommit, deferInsert, deferStatement } from './tenant/deferred.js';
export { prepared } from './tenant/connection.js';
export { finalRead, type DeferredWrite } from './tenant/final-read.js';
export { tenantSettings, withLookedUpTenant, withTenant, type TenantLookup, type TenantTx } from './tenant/transaction.js';
