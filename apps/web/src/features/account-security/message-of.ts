import { ApiError } from '../../api/client';

/** The message of a refusal or failure to show the member. */
export const messageOf = (err: unknown) => (err instanceof ApiError || err instanceof Error ? err.message : 'Something went wrong.');
