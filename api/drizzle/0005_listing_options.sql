ALTER TABLE "product_listing" ADD COLUMN "option_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- Hand-written: the listing also carries each product's options (code=value), so option filters
-- and facets read no other table; product_options changes refresh it like product_categories do.
CREATE OR REPLACE FUNCTION catalog_refresh_listing(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_listing (product_id, category_ids, option_keys, brand_id, active, visible_to, price_individual, price_legal,
                               discount_individual, discount_legal, total_quantity, popularity, created_at)
  SELECT p.id,
         ARRAY(SELECT DISTINCT c FROM unnest(p.category_id || ARRAY(SELECT pc.category_id FROM product_categories pc WHERE pc.product_id = p.id)) c ORDER BY c),
         ARRAY(SELECT DISTINCT po.code || '=' || po.value FROM product_options po WHERE po.product_id = p.id ORDER BY 1),
         p.brand_id, p.status = 'active', p.visible_to, p.price_individual, p.price_legal,
         p.discount_individual, p.discount_legal, p.total_quantity, p.popularity, p.created_at
  FROM products p WHERE p.id = ANY(ids)
  ON CONFLICT (product_id) DO UPDATE SET
    category_ids = excluded.category_ids, option_keys = excluded.option_keys, brand_id = excluded.brand_id, active = excluded.active,
    visible_to = excluded.visible_to, price_individual = excluded.price_individual, price_legal = excluded.price_legal,
    discount_individual = excluded.discount_individual, discount_legal = excluded.discount_legal,
    total_quantity = excluded.total_quantity, popularity = excluded.popularity, created_at = excluded.created_at;
END $$;
--> statement-breakpoint
CREATE FUNCTION catalog_options_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_refresh_listing(ARRAY(SELECT DISTINCT product_id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION catalog_options_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_refresh_listing(ARRAY(SELECT DISTINCT product_id FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER product_options_listing_insert AFTER INSERT ON product_options REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_options_inserted();
--> statement-breakpoint
CREATE TRIGGER product_options_listing_delete AFTER DELETE ON product_options REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_options_deleted();
--> statement-breakpoint
UPDATE product_listing l SET option_keys = ARRAY(SELECT DISTINCT po.code || '=' || po.value FROM product_options po WHERE po.product_id = l.product_id ORDER BY 1);
