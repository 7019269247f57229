CREATE TABLE "container_metrics" (
	"container_id" text NOT NULL,
	"resolution" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"cpu_usage" real NOT NULL,
	"memory_usage" real NOT NULL,
	"disk_usage" real NOT NULL,
	"network_rx_mb" real NOT NULL,
	"network_tx_mb" real NOT NULL,
	"processes" integer NOT NULL,
	CONSTRAINT "container_metrics_container_id_resolution_at_pk" PRIMARY KEY("container_id","resolution","at")
);
--> statement-breakpoint
ALTER TABLE "container_metrics" ADD CONSTRAINT "container_metrics_container_id_containers_id_fk" FOREIGN KEY ("container_id") REFERENCES "public"."containers"("id") ON DELETE cascade ON UPDATE no action;