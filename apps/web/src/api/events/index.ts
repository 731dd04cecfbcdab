/** Server-Sent Events: the raw stream and the live refresh of every view of shared data. */
export { concerns, invalidateForEvent, LIVE_EVENT_NAMES, LIVE_RESOURCES } from './live-resources';
export { LIVE_RECONNECTED, useLiveEvents, type LiveEvent } from './use-live-events';
export { useLiveUpdates } from './use-live-updates';
