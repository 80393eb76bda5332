// The stock-alerts module's one face (docs/architecture.md "Modules by domain"): all that the rest of the API may import from it.
export * from './stock-alerts.routes.js';
export * from './stock-alerts.service.js';
