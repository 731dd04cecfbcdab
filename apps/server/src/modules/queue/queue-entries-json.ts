/** The waiting room's entries as the JSON of the reply, in queue order, each entry's scored fields written once. */
import { compareQueueOrder, type QueueStatsEntry, type QueueStatus } from '@clinic/domain';
import { ownFieldsOf, type QueueEntryView } from './queue-entries.js';
import { scoreEntryAsJson } from './queue-scoring.js';

/**
 * The entries as staff read them ({@link QueueEntryView} to `QueueEntryDto`), highest clinical
 * priority first, as the UTF-8 bytes of one JSON array: each entry's own fields are serialized at
 * the read, the fields of its kept scoring (risk factors, recommendations, guidelines: most of an
 * entry's text) are put in as written and encoded when it was scored. Bytes, not text: a string
 * of this size assembled from pieces is copied whole by each reader that measures or encodes it
 * (the compressor, the socket), which cost more than writing it. Also what the stats read of each
 * entry, in the rows' order.
 */
export function queueEntriesJson(rows: readonly QueueEntryView[], now: Date, clinicianName: (row: QueueEntryView) => string | null) {
  const scored = rows.map((row) => {
    const { derived, scoredJson } = scoreEntryAsJson(row, now);
    return { row, derived, scoredJson, order: { clinicalPriority: derived.clinicalPriority, createdAt: row.createdAt } };
  });
  const stats = scored.map(({ row, derived: d }): QueueStatsEntry => ({
    waitTime: d.waitTime,
    riskScore: d.riskScore,
    urgencyLevel: d.urgencyLevel,
    requiresImmediateAttention: d.requiresImmediateAttention,
    news2: d.news2,
    status: row.status as QueueStatus,
    startedAt: row.startedAt,
  }));
  const ordered = [...scored].sort((a, b) => compareQueueOrder(a.order, b.order));
  const parts: Buffer[] = [];
  ordered.forEach(({ row, derived, scoredJson }, i) => {
    const own = JSON.stringify(ownFieldsOf(row, derived, clinicianName(row))).slice(0, -1);
    parts.push(Buffer.from(`${i === 0 ? '[' : '},'}${own},`), scoredJson);
  });
  parts.push(Buffer.from(parts.length === 0 ? '[]' : '}]'));
  return { json: Buffer.concat(parts), stats };
}
