-- Recent activity (GET /api/activity/recent) reads the audit rows of the actions that are activity
-- (packages/domain/src/rules/activity.ts), newest first, and counts them: a partial index holds only those.
CREATE INDEX "audit_events_activity_idx" ON "audit_events" USING btree ("organization_id","at","id") WHERE "action" IN ('queue.checked-in', 'queue.alert-raised', 'queue.start', 'queue.complete', 'queue.admit', 'queue.emergency-admit', 'queue.cancel', 'patient.created', 'patient.discharged', 'invitation.created', 'member.joined', 'visitor.checked-in', 'visitor.checked-out');--> statement-breakpoint
-- The activity of one clinic is filtered on details->>'clinicId'; without statistics of that expression
-- the planner guesses it rare and sorts the whole trail instead of reading the index backwards.
CREATE STATISTICS "audit_events_clinic_stats" ON (("details" ->> 'clinicId')) FROM "audit_events";
