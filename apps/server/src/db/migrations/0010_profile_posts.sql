CREATE TABLE "profile_post_comments" (
	"id" text PRIMARY KEY NOT NULL,
	"post_id" text NOT NULL,
	"author_id" text NOT NULL,
	"post_author_id" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_post_impressions" (
	"post_id" text NOT NULL,
	"viewer_id" text NOT NULL,
	"author_id" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "profile_post_impressions_post_id_viewer_id_day_pk" PRIMARY KEY("post_id","viewer_id","day"),
	CONSTRAINT "profile_post_impressions_not_self" CHECK ("profile_post_impressions"."viewer_id" <> "profile_post_impressions"."author_id")
);
--> statement-breakpoint
CREATE TABLE "profile_post_likes" (
	"post_id" text NOT NULL,
	"user_id" text NOT NULL,
	"author_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profile_post_likes_post_id_user_id_pk" PRIMARY KEY("post_id","user_id"),
	CONSTRAINT "profile_post_likes_not_self" CHECK ("profile_post_likes"."user_id" <> "profile_post_likes"."author_id")
);
--> statement-breakpoint
CREATE TABLE "profile_posts" (
	"id" text PRIMARY KEY NOT NULL,
	"author_id" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profile_post_comments" ADD CONSTRAINT "profile_post_comments_post_id_profile_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."profile_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_post_comments" ADD CONSTRAINT "profile_post_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_post_comments" ADD CONSTRAINT "profile_post_comments_post_author_id_users_id_fk" FOREIGN KEY ("post_author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_post_impressions" ADD CONSTRAINT "profile_post_impressions_post_id_profile_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."profile_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_post_impressions" ADD CONSTRAINT "profile_post_impressions_viewer_id_users_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_post_impressions" ADD CONSTRAINT "profile_post_impressions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_post_likes" ADD CONSTRAINT "profile_post_likes_post_id_profile_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."profile_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_post_likes" ADD CONSTRAINT "profile_post_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_post_likes" ADD CONSTRAINT "profile_post_likes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_posts" ADD CONSTRAINT "profile_posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profile_post_comments_post_idx" ON "profile_post_comments" USING btree ("post_id","created_at","id");--> statement-breakpoint
CREATE INDEX "profile_post_comments_post_author_idx" ON "profile_post_comments" USING btree ("post_author_id");--> statement-breakpoint
CREATE INDEX "profile_post_comments_author_idx" ON "profile_post_comments" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "profile_post_impressions_author_idx" ON "profile_post_impressions" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "profile_post_impressions_viewer_idx" ON "profile_post_impressions" USING btree ("viewer_id");--> statement-breakpoint
CREATE INDEX "profile_post_likes_author_idx" ON "profile_post_likes" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "profile_post_likes_user_idx" ON "profile_post_likes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "profile_posts_author_idx" ON "profile_posts" USING btree ("author_id","created_at","id");