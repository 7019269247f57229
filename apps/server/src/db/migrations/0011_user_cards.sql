CREATE VIEW "public"."user_cards" AS (select "id", "display_name", "avatar_url", "email_verified", "mfa_enabled", "created_at" from "users");
