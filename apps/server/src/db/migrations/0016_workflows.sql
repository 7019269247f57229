CREATE TABLE "billing_token_usage" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"tokens" integer NOT NULL,
	"source" text NOT NULL,
	"ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_agent_stats" (
	"user_id" text NOT NULL,
	"agent_id" text NOT NULL,
	"steps" integer DEFAULT 0 NOT NULL,
	"succeeded" integer DEFAULT 0 NOT NULL,
	"total_ms" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "workflow_agent_stats_user_id_agent_id_pk" PRIMARY KEY("user_id","agent_id")
);
--> statement-breakpoint
CREATE TABLE "workflow_executions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"flow_id" text NOT NULL,
	"status" text NOT NULL,
	"input" text NOT NULL,
	"output" text,
	"graph" jsonb NOT NULL,
	"store" jsonb NOT NULL,
	"steps" jsonb NOT NULL,
	"current_node_id" text,
	"current_agent_id" text,
	"error" jsonb,
	"tokens_used" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "workflow_flows" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"nodes" jsonb NOT NULL,
	"edges" jsonb NOT NULL,
	"start_node_id" text NOT NULL,
	"max_steps" integer NOT NULL,
	"timeout_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_knowledge" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_token_usage" ADD CONSTRAINT "billing_token_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_agent_stats" ADD CONSTRAINT "workflow_agent_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_executions" ADD CONSTRAINT "workflow_executions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_flows" ADD CONSTRAINT "workflow_flows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_knowledge" ADD CONSTRAINT "workflow_knowledge_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_token_usage_user_idx" ON "billing_token_usage" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "workflow_executions_flow_idx" ON "workflow_executions" USING btree ("flow_id","created_at");--> statement-breakpoint
CREATE INDEX "workflow_executions_user_status_idx" ON "workflow_executions" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "workflow_flows_user_idx" ON "workflow_flows" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "workflow_knowledge_user_idx" ON "workflow_knowledge" USING btree ("user_id","created_at");