CREATE TABLE "paging_deliveries" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"page_id" text NOT NULL,
	"event" text NOT NULL,
	"url" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"response_status" integer,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paging_deliveries_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "paging_deliveries" ADD CONSTRAINT "paging_deliveries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paging_deliveries" ADD CONSTRAINT "paging_deliveries_organization_id_page_id_pages_organization_id_id_fk" FOREIGN KEY ("organization_id","page_id") REFERENCES "public"."pages"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "paging_deliveries_created_idx" ON "paging_deliveries" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "paging_deliveries_due_idx" ON "paging_deliveries" USING btree ("next_attempt_at") WHERE next_attempt_at IS NOT NULL;--> statement-breakpoint
-- Deliveries are kept as the record of what was sent where; the worker updates their attempts.
GRANT SELECT, INSERT, UPDATE ON paging_deliveries TO clinic_app;
--> statement-breakpoint
SELECT enable_tenant_rls('paging_deliveries');
--> statement-breakpoint
-- The delivery worker's one read across organizations, as due_pages is the escalation worker's:
-- which deliveries are due, as (organization, id) and nothing else.
CREATE POLICY paging_deliveries_due ON paging_deliveries FOR SELECT TO CURRENT_USER USING (next_attempt_at IS NOT NULL);
--> statement-breakpoint
CREATE FUNCTION due_paging_deliveries(due_at timestamptz, max_rows integer)
RETURNS TABLE (organization_id text, id text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT d.organization_id, d.id FROM paging_deliveries d
  WHERE d.next_attempt_at IS NOT NULL AND d.next_attempt_at <= due_at
  ORDER BY d.next_attempt_at
  LIMIT max_rows
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION due_paging_deliveries(timestamptz, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION due_paging_deliveries(timestamptz, integer) TO clinic_server;
