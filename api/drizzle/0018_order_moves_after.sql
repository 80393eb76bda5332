ALTER TABLE "order_stock_moves" ADD COLUMN "quantity_after" integer;--> statement-breakpoint
ALTER TABLE "order_stock_moves" ADD COLUMN "released_quantity_after" integer;