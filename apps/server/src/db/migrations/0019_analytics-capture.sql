ALTER TABLE "queue_entries" ADD COLUMN "ai_urgency" text;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD COLUMN "target_wait_minutes" integer;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD COLUMN "final_priority" text;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD COLUMN "rating" smallint;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD COLUMN "fee_cents" integer;--> statement-breakpoint
CREATE INDEX "queue_entries_created_idx" ON "queue_entries" USING btree ("organization_id","clinic_id","created_at");--> statement-breakpoint
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_rating_range" CHECK ("queue_entries"."rating" between 1 and 5);