/** A clinic's queue, read by the Queue Manager, the public board and the dashboard. */
export { QUEUE_REFRESH_MS, waitingRoomKeys } from './keys';
export { getWaitingRoomQueryOptions, useWaitingRoom, type WaitingRoom, type WaitingRoomOptions } from './get-waiting-room';
