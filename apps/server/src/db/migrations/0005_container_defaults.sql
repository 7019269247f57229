CREATE TABLE "container_defaults" (
	"user_id" text PRIMARY KEY NOT NULL,
	"tier" text NOT NULL,
	"template_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "container_defaults" ADD CONSTRAINT "container_defaults_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;