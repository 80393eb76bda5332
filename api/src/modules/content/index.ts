// The content module's one face (docs/architecture.md "Modules"): the shop's stores, home banners, delivery
// settings, blog posts, information pages, the category tree and brands, as the shop reads them and as staff
// change them. Content is the only writer of these tables; another module reads them through what this file exports.
export { type CategoryIndex, type CategoryNode, categoryIndex } from './category-tree.js';
export { isEmptyArticle, sanitiseArticle } from './article-html.js';
export { type SlideDto, slideDto, storeDto } from './content.schema.js';
export { DEFAULT_REGION, type ShopInfoService, createShopInfoService } from './content.service.js';
export { contentRoutes, paymentMethodsTaken } from './content.routes.js';
