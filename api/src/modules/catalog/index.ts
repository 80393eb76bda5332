// The catalogue module's one face: all another module, the wiring (services.ts, app.ts), the seed and the
// CLI may import from it. The catalogue holds products, their variants and prices, options, related
// products and search, as shoppers read them (catalog.*) and as staff change them (admin*, import*); stock
// is inventory's, which this module calls for every change of it.
export { type CatalogContext, type CatalogService, createCatalogService } from './catalog.service.js';
export { type PricedVariant, pricedVariants } from './priced-variants.js';
export { visibleTo } from './visibility.js';
export { variantPicture } from './variant-picture.js';
export { productCardDto, variantOptionDto } from './catalog.schema.js';
export { catalogRoutes } from './catalog.routes.js';
export { type AdminProductsService, createAdminProductsService } from './admin-products.service.js';
export { type AdminStockService, createAdminStockService } from './admin-stock.service.js';
export { type CatalogImportService, createCatalogImportService } from './import.service.js';
export { adminCatalogRoutes } from './admin.routes.js';
export { catalogIsEmpty, seedCatalog } from './catalog.seed.js';
export { type SeedImage, pictureSvg, renderPicture, renderPictures } from './picture-art.js';
