CREATE TABLE "ai_security_reports" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"source" text NOT NULL,
	"threat_level" text NOT NULL,
	"violation_types" jsonb NOT NULL,
	"text_hmac" text NOT NULL,
	"excerpt" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "workflow_knowledge" ADD COLUMN "security_threat" text;--> statement-breakpoint
ALTER TABLE "workflow_knowledge" ADD COLUMN "security_findings" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "workflow_knowledge" ADD COLUMN "security_handling" text DEFAULT 'exclude' NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_security_reports" ADD CONSTRAINT "ai_security_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_security_reports_user_created_idx" ON "ai_security_reports" USING btree ("user_id","created_at");