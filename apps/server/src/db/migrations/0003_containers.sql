CREATE TABLE "containers" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"tier" text NOT NULL,
	"template_id" text NOT NULL,
	"status" text NOT NULL,
	"status_reason" text,
	"action_in_flight" text,
	"driver" text NOT NULL,
	"instance_name" text NOT NULL,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "containers_instanceName_unique" UNIQUE("instance_name"),
	CONSTRAINT "containers_user_name" UNIQUE("user_id","name")
);
--> statement-breakpoint
ALTER TABLE "containers" ADD CONSTRAINT "containers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "containers_user_idx" ON "containers" USING btree ("user_id","created_at");