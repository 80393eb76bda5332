-- Hand-written: the back office lists a variant's stock history (stock_movements together with the orders'
-- takes and give-backs), so order_stock_moves is read by variant too.
CREATE INDEX IF NOT EXISTS "order_stock_moves_variant_idx" ON "order_stock_moves" USING btree ("variant_id");
