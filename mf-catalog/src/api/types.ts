// Shapes of the catalogue API answers this remote reads (api/src/modules/catalog/catalog.dto.ts).
// Only the fields the pages use are typed; the API sends more.

export interface ProductCard {
  id: number;
  slug: string;
  name: string;
  img_url: string | null;
  price: number;
  old_price: number | null;
  discount_percent: number;
  total_quanity: number;
  in_stock: boolean;
  brand: { slug: string; name: string };
  category: { slug: string; name: string };
  variants_count: number;
  /** The variant the product page opens on: what Buy on the card adds. */
  selected_variant?: { id: number; sku: string; options: VariantOption[] } | null;
}

export interface VariantOption {
  code: string;
  name: string;
  value: string;
  label: string;
}

export interface Variant {
  id: number;
  sku: string;
  options: VariantOption[];
  price: number;
  old_price: number | null;
  total_quanity: number;
  in_stock: boolean;
  /**
   * The most one order may hold of this variant: its stock, and at most the per-order limit for the
   * shopper's account type. Absent from an older API (the stock is then the only bound).
   */
  max_quantity?: number;
}

export interface ProductDetail extends ProductCard {
  selected_variant_id: number | null;
  description: string;
  images: { url: string }[];
  attributes: { code: string; name: string; value: string }[];
  variants: Variant[];
  breadcrumbs: { slug: string; name: string }[];
  mxit: string | null;
  mxit_unit: string | null;
  weight: number | null;
}

export interface ProductAnswer {
  product: ProductDetail;
  relateds?: ProductCard[];
}

export interface Facets {
  brands: { slug: string; name: string; count: number }[];
  /** null bounds when nothing matches */
  price: { min: number | null; max: number | null };
  options: { code: string; name: string; values: { value: string; label: string; count: number }[] }[];
  categories: { slug: string; name: string; parent: string | null; count: number }[];
}

export interface ProductsAnswer {
  data: ProductCard[];
  meta: { total: number; page: number; per_page: number; last_page: number; sort: string };
  facets: Facets;
}

export interface CategoryNode {
  id: number;
  slug: string;
  name: string;
  image_url?: string | null;
  products_count?: number;
  children?: CategoryNode[];
}

export interface HomeAnswer {
  data: {
    slides: { id: number; image_url: string; title: string; subtitle?: string; link?: string }[];
    categories: CategoryNode[];
    sections: { key: string; products: ProductCard[] }[];
    brands: { id: number; slug: string; name: string; logo_url?: string | null; products_count?: number }[];
    blogs: { id: number; slug: string; title: string; excerpt?: string; cover_url?: string | null; published_at?: string }[];
  };
}
