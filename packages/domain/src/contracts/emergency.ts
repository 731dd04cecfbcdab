/**
 * The emergency room dashboard's contracts (operations-and-public sections 2.2, 3 and 7), by
 * concern: the bodies its actions accept, the entities it returns, and its replies.
 */
export * from './emergency-bodies.js';
export * from './emergency-entities.js';
export * from './emergency-replies.js';
