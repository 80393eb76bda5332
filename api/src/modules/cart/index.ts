// The cart module's one face (docs/architecture.md "Modules by domain"): all that the rest of the API may import from it.
export * from './cart.routes.js';
export * from './cart.service.js';
