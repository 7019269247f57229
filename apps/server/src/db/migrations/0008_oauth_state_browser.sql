-- Social sign-ins in progress were not bound to a browser: drop them (they last 10 minutes; the user starts again).
DELETE FROM "oauth_states";--> statement-breakpoint
ALTER TABLE "oauth_states" ADD COLUMN "browser_hash" text NOT NULL;
