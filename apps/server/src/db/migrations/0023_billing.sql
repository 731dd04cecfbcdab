CREATE TABLE "billing_events" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_events_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "billing_invoices" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"provider_invoice_id" text NOT NULL,
	"description" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"status" text NOT NULL,
	"plan_id" text,
	"hosted_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_invoices_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "billing_invoices_provider_unique" UNIQUE("organization_id","provider_invoice_id")
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "cancel_at_period_end" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "stripe_customer_id" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "stripe_subscription_id" text;--> statement-breakpoint
ALTER TABLE "billing_events" ADD CONSTRAINT "billing_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD CONSTRAINT "billing_invoices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_invoices_created_idx" ON "billing_invoices" USING btree ("organization_id","created_at");--> statement-breakpoint
-- Billing is tenant data: the tenant policy on each table. Invoices are updated as the provider
-- reports them; applied events are only added. Nothing is deleted.
GRANT SELECT, INSERT, UPDATE ON billing_invoices TO clinic_app;
--> statement-breakpoint
GRANT SELECT, INSERT ON billing_events TO clinic_app;
--> statement-breakpoint
SELECT enable_tenant_rls('billing_invoices');
--> statement-breakpoint
SELECT enable_tenant_rls('billing_events');
