// The content module's one face: all another module, the wiring (services.ts, app.ts) or the seed may
// import from it. Content holds the shop's stores, home banners, delivery settings and regions, blog posts,
// information pages, the category tree and the brands, as the shop reads them and as staff change them; it
// is the only writer of their tables, and another module reads them through what this file exports.
export { type CategoryIndex, type CategoryNode, categoryIndex } from './category-tree.js';
export { type SlideDto, slideDto, storeDto } from './content.schema.js';
export { DEFAULT_REGION, type ShopInfoService, createShopInfoService } from './content.service.js';
export { contentRoutes, paymentMethodsTaken } from './content.routes.js';
export { type AdminContentService, createAdminContentService } from './admin.service.js';
export { adminContentRoutes } from './admin.routes.js';
export { type CategorySeed, type ShopContentSeed, seedArticles, seedBrands, seedCategories, seedShopContent } from './content.seed.js';
