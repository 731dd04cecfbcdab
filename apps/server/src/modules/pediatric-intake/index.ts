/** The pediatric intake module's public API: what other modules may call (see ../README.md). */
export { consumeIntakeToken, type IntakeTokenUse } from './intake-tokens.js';
export { intakeCallAsStaff, intakeTokenOf, pediatricIntakeRoutes } from './pediatric-intake.routes.js';
export { moveIntakeRecords } from './intake-merge.js';
export { erasePediatricIntakeContacts } from './intake-erasure.js';
