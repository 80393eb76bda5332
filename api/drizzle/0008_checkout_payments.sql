CREATE TABLE "checkout_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"external_id" text NOT NULL,
	"order_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"state" integer NOT NULL,
	"reason" integer,
	"provider_time" timestamp (3) with time zone,
	"paydoc_id" text,
	"created_at" timestamp (3) with time zone NOT NULL,
	"performed_at" timestamp (3) with time zone,
	"cancelled_at" timestamp (3) with time zone,
	"fiscal" jsonb
);
--> statement-breakpoint
DROP INDEX "orders_payment_open_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "marked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "marked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "labels" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_transactions" ADD CONSTRAINT "checkout_transactions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_transactions_external_key" ON "checkout_transactions" USING btree ("provider","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_transactions_active_key" ON "checkout_transactions" USING btree ("order_id") WHERE "checkout_transactions"."state" in (1, 2);--> statement-breakpoint
CREATE INDEX "checkout_transactions_statement_idx" ON "checkout_transactions" USING btree ("provider","provider_time");--> statement-breakpoint
CREATE INDEX "orders_payment_open_idx" ON "orders" USING btree ("payment_check_at","updated_at") WHERE "orders"."payment_status" in ('checking', 'refund_pending') or ("orders"."payment_status" = 'pending' and "orders"."payment_method" in ('card', 'payme', 'click'));