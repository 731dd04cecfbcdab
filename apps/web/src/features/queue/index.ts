/** The queue: the staff Queue Manager and the public board (/queue and /cds-queue). */
export { QueuePage } from './QueuePage';
