CREATE TABLE "product_listing" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"category_ids" integer[] NOT NULL,
	"brand_id" integer NOT NULL,
	"active" boolean NOT NULL,
	"visible_to" text,
	"price_individual" integer NOT NULL,
	"price_legal" integer NOT NULL,
	"discount_individual" integer NOT NULL,
	"discount_legal" integer NOT NULL,
	"total_quantity" integer NOT NULL,
	"popularity" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_words" (
	"word" text NOT NULL,
	"product_id" integer NOT NULL,
	"rank" integer NOT NULL,
	"audience" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "search_vocabulary" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "product_listing" ADD CONSTRAINT "product_listing_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_words" ADD CONSTRAINT "product_words_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_listing_categories_idx" ON "product_listing" USING gin ("category_ids");--> statement-breakpoint
CREATE INDEX "product_listing_brand_price_idx" ON "product_listing" USING btree ("brand_id","price_individual");--> statement-breakpoint
CREATE INDEX "product_listing_popularity_idx" ON "product_listing" USING btree ("popularity");--> statement-breakpoint
CREATE INDEX "product_listing_created_idx" ON "product_listing" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "product_listing_discount_idx" ON "product_listing" USING btree ("discount_individual");--> statement-breakpoint
CREATE INDEX "product_words_word_rank_idx" ON "product_words" USING btree ("word","rank" DESC NULLS LAST,"product_id","audience");--> statement-breakpoint
CREATE INDEX "product_words_product_idx" ON "product_words" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "search_vocabulary_trgm_idx" ON "search_vocabulary" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_vocabulary_prefix_idx" ON "search_vocabulary" USING btree ("word" text_pattern_ops);--> statement-breakpoint
-- Hand-written below: the functions and triggers that keep product_listing, product_words and
-- search_vocabulary in step with products and product_categories, and the backfill.
CREATE FUNCTION catalog_refresh_listing(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_listing (product_id, category_ids, brand_id, active, visible_to, price_individual, price_legal,
                               discount_individual, discount_legal, total_quantity, popularity, created_at)
  SELECT p.id,
         ARRAY(SELECT DISTINCT c FROM unnest(p.category_id || ARRAY(SELECT pc.category_id FROM product_categories pc WHERE pc.product_id = p.id)) c ORDER BY c),
         p.brand_id, p.status = 'active', p.visible_to, p.price_individual, p.price_legal,
         p.discount_individual, p.discount_legal, p.total_quantity, p.popularity, p.created_at
  FROM products p WHERE p.id = ANY(ids)
  ON CONFLICT (product_id) DO UPDATE SET
    category_ids = excluded.category_ids, brand_id = excluded.brand_id, active = excluded.active,
    visible_to = excluded.visible_to, price_individual = excluded.price_individual, price_legal = excluded.price_legal,
    discount_individual = excluded.discount_individual, discount_legal = excluded.discount_legal,
    total_quantity = excluded.total_quantity, popularity = excluded.popularity, created_at = excluded.created_at;
END $$;
--> statement-breakpoint
CREATE FUNCTION catalog_word_rank(total_quantity integer, popularity integer) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT (CASE WHEN total_quantity > 0 THEN 1073741824 ELSE 0 END) + least(greatest(popularity, 0), 1073741823)
$$;
--> statement-breakpoint
CREATE FUNCTION catalog_word_audience(status text, visible_to text) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
  SELECT (CASE WHEN status <> 'active' THEN 0 WHEN visible_to IS NULL THEN 1 WHEN visible_to = 'individual' THEN 2 ELSE 3 END)::smallint
$$;
--> statement-breakpoint
CREATE FUNCTION catalog_refresh_words(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_words WHERE product_id = ANY(ids);
  INSERT INTO product_words (word, product_id, rank, audience)
  SELECT DISTINCT w, p.id, catalog_word_rank(p.total_quantity, p.popularity), catalog_word_audience(p.status, p.visible_to)
  FROM products p, unnest(string_to_array(p.search_text, ' ')) w
  WHERE p.id = ANY(ids) AND w <> '';
  INSERT INTO search_vocabulary (word)
  SELECT DISTINCT w FROM products p, unnest(string_to_array(p.search_text, ' ')) w
  WHERE p.id = ANY(ids) AND w <> ''
  ON CONFLICT (word) DO NOTHING;
END $$;
--> statement-breakpoint
CREATE FUNCTION catalog_products_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_refresh_listing(ARRAY(SELECT id FROM new_rows));
  PERFORM catalog_refresh_words(ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION catalog_products_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_refresh_listing(ARRAY(SELECT id FROM new_rows));
  PERFORM catalog_refresh_words(ARRAY(
    SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.search_text IS DISTINCT FROM o.search_text));
  -- Stock running out or coming back, popularity or visibility: only the rank and audience move.
  UPDATE product_words pw SET rank = catalog_word_rank(n.total_quantity, n.popularity), audience = catalog_word_audience(n.status, n.visible_to)
  FROM new_rows n JOIN old_rows o ON o.id = n.id
  WHERE pw.product_id = n.id AND n.search_text IS NOT DISTINCT FROM o.search_text
    AND (catalog_word_rank(n.total_quantity, n.popularity) <> catalog_word_rank(o.total_quantity, o.popularity)
         OR catalog_word_audience(n.status, n.visible_to) <> catalog_word_audience(o.status, o.visible_to));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION catalog_categories_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_refresh_listing(ARRAY(SELECT DISTINCT product_id FROM new_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION catalog_categories_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalog_refresh_listing(ARRAY(SELECT DISTINCT product_id FROM old_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_listing_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_products_inserted();
--> statement-breakpoint
CREATE TRIGGER products_listing_update AFTER UPDATE ON products REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_products_updated();
--> statement-breakpoint
CREATE TRIGGER product_categories_listing_insert AFTER INSERT ON product_categories REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_categories_inserted();
--> statement-breakpoint
CREATE TRIGGER product_categories_listing_delete AFTER DELETE ON product_categories REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_categories_deleted();
--> statement-breakpoint
SELECT catalog_refresh_listing(ARRAY(SELECT id FROM products));
--> statement-breakpoint
SELECT catalog_refresh_words(ARRAY(SELECT id FROM products));
