-- The alerts an emergency board lists: those not resolved, and those resolved since the clinic's midnight,
-- each from an index of its own. Without them every poll read the organization's history of resolved alerts
-- (newest first, until 500 listed alerts were found).
CREATE INDEX "emergency_alerts_unresolved_idx" ON "emergency_alerts" USING btree ("organization_id","created_at") WHERE status <> 'RESOLVED';--> statement-breakpoint
CREATE INDEX "emergency_alerts_resolved_idx" ON "emergency_alerts" USING btree ("organization_id","resolved_at");
