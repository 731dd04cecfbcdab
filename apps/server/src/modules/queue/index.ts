/** The queue module's public API: what other modules may call (see ../README.md). */
export { auditAlertIfRaised, type AlertCause, type EntryScoring, type EntryScoringRecorder, type ScoringContext } from './queue-alerts.js';
export { createQueueEntry, recordTransition, toQueueEntryDto, type NewQueueEntry } from './queue-entries.js';
export { deriveEntry } from './queue-scoring.js';
export { kioskDayFigures, queueDayFigures } from './queue-figures.js';
export { patientEpisodesQuery } from './fhir-readers.js';
export { openEntriesSubquery } from './emergency-readers.js';
export { queueEntrySubjects, type QueueEntrySubject } from './queue-subjects.js';
export { inCareByQueue, openQueueEntries, queueDepartmentOf, queueEntriesActiveSince } from './queue-readers.js';
/** An entry as the queue stores it: what `openQueueEntries` returns and a scoring is recorded for. */
export type { QueueEntryRow } from '../../db/schema/index.js';
export { queueRoutes, type QueueRoutesOptions } from './queue.routes.js';
export { queueAnalyticsDays, queueDistinctPatients, queueDoctorIds } from './queue-analytics.js';
export { moveQueueRecords } from './queue-merge.js';
export { eraseQueueEntryContacts } from './queue-erasure.js';
