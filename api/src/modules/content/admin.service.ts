// What staff change in the shop's content and settings (docs/back-office.md "Content and settings"): the
// category tree, brands, home banners, blog posts and information pages, stores, delivery regions and
// tariffs, one service per kind of thing. Every write is checked, stored and audited in one transaction;
// pictures go through the media provider. The shop reads these tables at once (slides, posts, pages,
// stores, delivery) or through the catalogue's 30-second caches (the category tree, brands: cleared at once
// in this process by `onChange`, other API processes follow within their TTL): docs/back-office.md "When
// the shop shows a change".
import { createBrandsService } from './brands.service.js';
import { createCategoriesService } from './categories.service.js';
import { createDeliveryService } from './delivery.service.js';
import { createPagesService } from './pages.service.js';
import { createPostsService } from './posts.service.js';
import { type ContentDeps } from './staff-edits.js';
import { createSlidesService } from './slides.service.js';
import { createStoresService } from './stores.service.js';

/** The back office's side of content: every operation of its content and settings pages. */
export function createAdminContentService(deps: ContentDeps) {
  return {
    ...createCategoriesService(deps),
    ...createBrandsService(deps),
    ...createSlidesService(deps),
    ...createPostsService(deps),
    ...createPagesService(deps),
    ...createStoresService(deps),
    ...createDeliveryService(deps),
  };
}

export type AdminContentService = ReturnType<typeof createAdminContentService>;
