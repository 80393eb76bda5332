CREATE TABLE "known_devices" (
	"phone" text NOT NULL,
	"device_hash" text NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stock_held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hold_extended" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "known_devices_key" ON "known_devices" USING btree ("phone","device_hash");--> statement-breakpoint
CREATE INDEX "orders_stock_hold_idx" ON "orders" USING btree ("stock_held_until") WHERE "orders"."stock_held_until" is not null;