// The profile module's one face (docs/architecture.md "Modules by domain"): all that the rest of the API may import from it.
export * from './photo.js';
export * from './profile.routes.js';
export * from './profile.service.js';
