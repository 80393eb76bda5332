-- Hand-written: the brand + price index also carries what the category facet and the visibility,
-- stock and discount filters read, so "these brands in this price range" is an index-only scan.
-- (Drizzle's index builder has no INCLUDE; the schema still names the index on its key columns.)
DROP INDEX IF EXISTS "product_listing_brand_price_idx";
--> statement-breakpoint
CREATE INDEX "product_listing_brand_price_idx" ON "product_listing" USING btree ("brand_id", "price_individual")
  INCLUDE ("category_ids", "active", "visible_to", "total_quantity", "discount_individual");
