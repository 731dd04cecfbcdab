// Who may call a route: the access plugin and what the route helpers share with it. The parts are
// under `access/`: the request checks (`origin.ts`), the session and membership lookup and its
// cache (`session-lookup.ts`), the membership and the route's access (`tenant-membership.ts`), the
// request's tenant transaction (`request-tenant.ts`) and audited refusals (`refusals.ts`).
export { accessPlugin, tenantOf, userOf } from './access/plugin.js';
export { isApiPath, isApiRequest } from './access/origin.js';
export { auditingRefusals, auditRefusal } from './access/refusals.js';
export { checkAccessInHandler, withRequestTenant } from './access/request-tenant.js';
export { startSessionCache } from './access/session-lookup.js';
export { resolveTenant, selectedTenant } from './access/tenant-membership.js';
export type { RouteAccess, TenantAccess, TenantContext, WantedTenant } from './access/types.js';
