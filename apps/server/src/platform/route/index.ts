/** One way to define a route (`define-route.ts`) and the contexts its handlers get (`context.ts`). */
export { defineRoute, routePlugin } from './define-route.js';
export { JsonAnswer } from './answer.js';
export type * from './context.js';
export type { RouteInput } from './input.js';
export type { AccessRule, Caller, RouteDefinition, TenantMode } from './options.js';
export type { AccountDb } from '../account-db.js';
export type { TenantTx } from '../tenant-tx.js';
export { deferInsert, finalRead, prepared } from '../tenant-tx.js';
