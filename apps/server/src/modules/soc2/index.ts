/** The SOC 2 module's public API: what other modules may call (see ../README.md). */
export { soc2Routes } from './soc2.routes.js';
