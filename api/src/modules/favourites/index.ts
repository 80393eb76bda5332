// The favourites module's one face (docs/architecture.md "Modules by domain"): all that the rest of the API may import from it.
export * from './favourites.routes.js';
export * from './favourites.service.js';
