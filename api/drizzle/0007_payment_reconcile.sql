CREATE TABLE "job_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_checks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_payment_open_idx" ON "orders" USING btree ("payment_check_at","updated_at") WHERE "orders"."payment_status" in ('checking', 'refund_pending') or ("orders"."payment_status" = 'pending' and "orders"."payment_method" = 'card');