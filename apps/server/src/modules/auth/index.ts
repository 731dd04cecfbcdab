/** The auth module's public API: what other modules may call (see ../README.md). */
export { accountNames } from './account-names.js';
export { accountProfilesQuery, moveAccountsOff, moveCurrentOrganization, saveAccountNames, setCurrentOrganization } from './account-profiles.js';
