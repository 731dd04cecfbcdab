/** The auth module's public API: what other modules may call (see ../README.md). */
export { signInFailureCounts } from './lock-counts.js';
export { accountByEmail, accountById, createFederatedAccount, recordFederatedSignIn, type Account } from './federated-accounts.js';
