CREATE TABLE "member_settings" (
	"organization_id" text NOT NULL,
	"user_id" text NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_settings_organization_id_user_id_pk" PRIMARY KEY("organization_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "member_settings" ADD CONSTRAINT "member_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_settings" ADD CONSTRAINT "member_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_settings" ADD CONSTRAINT "member_settings_member_fk" FOREIGN KEY ("organization_id","user_id") REFERENCES "public"."organization_members"("organization_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A member's settings are tenant data: the tenant policy, and no DELETE (a member's row goes
-- with the membership, by cascade).
GRANT SELECT, INSERT, UPDATE ON member_settings TO clinic_app;
--> statement-breakpoint
SELECT enable_tenant_rls('member_settings');
