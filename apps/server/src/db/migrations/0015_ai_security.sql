CREATE TABLE "ai_security_events" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"flow_id" text,
	"source" text NOT NULL,
	"outcome" text NOT NULL,
	"threat_level" text NOT NULL,
	"violation_types" jsonb NOT NULL,
	"text_sha256" text NOT NULL,
	"excerpt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_security_events" ADD CONSTRAINT "ai_security_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_security_events_user_created_idx" ON "ai_security_events" USING btree ("user_id","created_at");