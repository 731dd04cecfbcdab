CREATE TABLE "on_call_rotas" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"clinic_id" text NOT NULL,
	"role" text NOT NULL,
	"shifts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"overrides" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "on_call_rotas_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "page_events" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"page_id" text NOT NULL,
	"type" text NOT NULL,
	"member_id" text,
	"channel" text,
	"detail" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "page_events_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"clinic_id" text NOT NULL,
	"priority" text NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"message" text NOT NULL,
	"sender_member_id" text,
	"recipient_member_id" text NOT NULL,
	"on_call_role" text,
	"patient_id" text,
	"queue_entry_id" text,
	"alert_id" text,
	"callback_number" text,
	"automatic" boolean DEFAULT false NOT NULL,
	"escalation_level" integer DEFAULT 0 NOT NULL,
	"reached" text[] DEFAULT '{}'::text[] NOT NULL,
	"next_step_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" text,
	"escalated_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" text,
	"cancel_reason" text,
	"expired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pages_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "on_call_rotas" ADD CONSTRAINT "on_call_rotas_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "on_call_rotas" ADD CONSTRAINT "on_call_rotas_organization_id_clinic_id_clinics_organization_id_id_fk" FOREIGN KEY ("organization_id","clinic_id") REFERENCES "public"."clinics"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_events" ADD CONSTRAINT "page_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_events" ADD CONSTRAINT "page_events_organization_id_page_id_pages_organization_id_id_fk" FOREIGN KEY ("organization_id","page_id") REFERENCES "public"."pages"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_organization_id_clinic_id_clinics_organization_id_id_fk" FOREIGN KEY ("organization_id","clinic_id") REFERENCES "public"."clinics"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "on_call_rotas_clinic_role_unique" ON "on_call_rotas" USING btree ("organization_id","clinic_id","role");--> statement-breakpoint
CREATE INDEX "page_events_page_idx" ON "page_events" USING btree ("organization_id","page_id","at");--> statement-breakpoint
CREATE INDEX "pages_clinic_created_idx" ON "pages" USING btree ("organization_id","clinic_id","created_at");--> statement-breakpoint
CREATE INDEX "pages_due_idx" ON "pages" USING btree ("next_step_at") WHERE next_step_at IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "pages_automatic_alert_unique" ON "pages" USING btree ("organization_id","alert_id") WHERE automatic;--> statement-breakpoint
-- Pages and their timelines are kept, never deleted: the record of who was called when.
GRANT SELECT, INSERT, UPDATE ON pages, page_events, on_call_rotas TO clinic_app;
--> statement-breakpoint
SELECT enable_tenant_rls('pages');
--> statement-breakpoint
SELECT enable_tenant_rls('page_events');
--> statement-breakpoint
SELECT enable_tenant_rls('on_call_rotas');
--> statement-breakpoint
-- The escalation worker's one read across organizations: which open pages are due, as
-- (organization, id) and nothing else; it then works on each in that organization's tenant
-- transaction. The login role gets no grant on pages: only this function, which runs as the
-- tables' owner. Row level security is forced on the owner too, so the owner may see the rows that
-- have a next step (a superuser owner bypasses it anyway).
CREATE POLICY paging_due ON pages FOR SELECT TO CURRENT_USER USING (next_step_at IS NOT NULL);
--> statement-breakpoint
CREATE FUNCTION due_pages(due_at timestamptz, max_pages integer)
RETURNS TABLE (organization_id text, id text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT p.organization_id, p.id FROM pages p
  WHERE p.next_step_at IS NOT NULL AND p.next_step_at <= due_at
  ORDER BY p.next_step_at
  LIMIT max_pages
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION due_pages(timestamptz, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION due_pages(timestamptz, integer) TO clinic_server;
