// The catalogue answers this remote reads, as the contract types them (shared/src/api/openapi.ts, which
// `pnpm contract` generates from the API's routes): names for the parts the pages hand each other.
import type { Answer } from '@bozor/shared';

export type ProductAnswer = Answer<'/backend/api/ext/v1/resources/product/{slug}', 'get'>;
export type ProductDetail = ProductAnswer['product'];
export type Variant = ProductDetail['variants'][number];
export type ProductsAnswer = Answer<'/backend/api/ext/v1/resources/products', 'post'>;
export type ProductCard = ProductsAnswer['data'][number];
export type Facets = ProductsAnswer['facets'];
export type HomeAnswer = Answer<'/backend/api/ext/v1/resources/home', 'get'>;
export type SearchAnswer = Answer<'/backend/api/ext/v1/resources/products/search', 'get'>;
export type CategoriesAnswer = Answer<'/backend/api/ext/v1/resources/categories', 'get'>;
