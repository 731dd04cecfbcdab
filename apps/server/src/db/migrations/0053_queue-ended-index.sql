-- The queue entries of a clinic by the end of their care: what the dashboards' "completed today" and the
-- emergency metrics' entries ended since the clinic's midnight look up on every poll. Without it both read
-- the clinic's whole history of completed entries.
CREATE INDEX "queue_entries_ended_idx" ON "queue_entries" USING btree ("organization_id","clinic_id","ended_at");
