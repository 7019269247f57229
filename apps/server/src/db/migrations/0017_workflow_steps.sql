CREATE TABLE "workflow_execution_steps" (
	"execution_id" text NOT NULL,
	"index" integer NOT NULL,
	"step" jsonb NOT NULL,
	CONSTRAINT "workflow_execution_steps_execution_id_index_pk" PRIMARY KEY("execution_id","index")
);
--> statement-breakpoint
ALTER TABLE "workflow_execution_steps" ADD CONSTRAINT "workflow_execution_steps_execution_id_workflow_executions_id_fk" FOREIGN KEY ("execution_id") REFERENCES "public"."workflow_executions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The steps runs saved so far move to their own rows (in order) before the column goes.
INSERT INTO "workflow_execution_steps" ("execution_id", "index", "step")
SELECT e."id", s."ordinality"::int - 1, s."value"
FROM "workflow_executions" e, jsonb_array_elements(e."steps") WITH ORDINALITY AS s("value", "ordinality");--> statement-breakpoint
ALTER TABLE "workflow_executions" DROP COLUMN "steps";