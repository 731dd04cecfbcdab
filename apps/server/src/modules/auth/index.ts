/** The auth module's public API: what other modules may call (see ../README.md). */
export { signInFailureCounts } from './lock-counts.js';
