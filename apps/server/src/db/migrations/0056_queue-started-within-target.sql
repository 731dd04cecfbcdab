-- Whether care started within its band's target, kept as a generated column (the domain's bands, written
-- out by the schema), and in the index of the start of care with the status and the check-in: the stats'
-- guideline compliance and the dashboard's average wait read a day's entries from the index alone
-- instead of computing each one's wait from its row.
DROP INDEX "queue_entries_started_idx";--> statement-breakpoint
ALTER TABLE "queue_entries" ADD COLUMN "started_within_target" boolean GENERATED ALWAYS AS (case when started_at is null then null else coalesce(date_trunc('milliseconds', started_at at time zone 'UTC') - date_trunc('milliseconds', created_at at time zone 'UTC') < (case when risk_score >= 85 then 0 when risk_score >= 70 then 15 when risk_score >= 50 then 30 when risk_score >= 30 then 120 else null::int end + 1) * interval '1 minute', true) end) STORED;--> statement-breakpoint
CREATE INDEX "queue_entries_started_idx" ON "queue_entries" USING btree ("organization_id","clinic_id","started_at","status","started_within_target","created_at");