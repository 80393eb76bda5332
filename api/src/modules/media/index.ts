// The media module's one face (docs/architecture.md "Modules by domain"): all that the rest of the API may import from it.
export * from './media.routes.js';
export * from './resized.js';
