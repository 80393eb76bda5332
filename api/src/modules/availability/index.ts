// The availability module's one face (docs/architecture.md "Modules by domain"): all that the rest of the API may import from it.
export * from './availability.routes.js';
export * from './availability.service.js';
