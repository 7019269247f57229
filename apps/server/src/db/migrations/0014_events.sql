CREATE TABLE "event_categories" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_organisers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_organisers_userId_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "event_registrations" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"ticket_type_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "event_ticket_types" (
	"id" text PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"capacity" integer NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "event_ticket_types_taken" CHECK ("event_ticket_types"."taken" >= 0 and "event_ticket_types"."taken" <= "event_ticket_types"."capacity")
);
--> statement-breakpoint
CREATE TABLE "event_venues" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"city" text NOT NULL,
	"country" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" text PRIMARY KEY NOT NULL,
	"organiser_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"is_online" boolean NOT NULL,
	"online_url" text,
	"venue_id" text,
	"city" text,
	"venue_name" text,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"min_price_cents" integer,
	"max_price_cents" integer,
	"is_free" boolean DEFAULT false NOT NULL,
	"attendee_count" integer DEFAULT 0 NOT NULL,
	"tickets_available" integer,
	"schedule" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"has_cover" boolean DEFAULT true NOT NULL,
	"search_document" "tsvector" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_organisers" ADD CONSTRAINT "event_organisers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_ticket_type_id_event_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."event_ticket_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_ticket_types" ADD CONSTRAINT "event_ticket_types_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_organiser_id_event_organisers_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."event_organisers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_category_event_categories_slug_fk" FOREIGN KEY ("category") REFERENCES "public"."event_categories"("slug") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_venue_id_event_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."event_venues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_registrations_user_event_idx" ON "event_registrations" USING btree ("event_id","user_id");--> statement-breakpoint
CREATE INDEX "event_registrations_user_idx" ON "event_registrations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "event_ticket_types_event_idx" ON "event_ticket_types" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "event_venues_city_idx" ON "event_venues" USING btree ("city");--> statement-breakpoint
CREATE INDEX "events_scheduled_starts_idx" ON "events" USING btree ("starts_at","id") WHERE "events"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "events_scheduled_category_starts_idx" ON "events" USING btree ("category","starts_at","id") WHERE "events"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "events_scheduled_popularity_idx" ON "events" USING btree ("attendee_count" DESC NULLS LAST,"starts_at","id") WHERE "events"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "events_scheduled_price_low_idx" ON "events" USING btree ("min_price_cents","starts_at","id") WHERE "events"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "events_scheduled_price_high_idx" ON "events" USING btree ("max_price_cents" DESC NULLS LAST,"starts_at","id") WHERE "events"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "events_scheduled_created_idx" ON "events" USING btree ("created_at" DESC NULLS LAST,"id") WHERE "events"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "events_scheduled_counts_idx" ON "events" USING btree ("starts_at","category","is_online","is_free","min_price_cents","max_price_cents") WHERE "events"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "events_organiser_idx" ON "events" USING btree ("organiser_id");--> statement-breakpoint
CREATE INDEX "events_search_idx" ON "events" USING gin ("search_document");