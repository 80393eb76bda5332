// The payments module's one face (docs/architecture.md "Modules by domain"): all that the rest of the API may import from it.
export * from './cards.service.js';
export * from './payments.routes.js';
