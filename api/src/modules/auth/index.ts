// The auth module's one face (docs/architecture.md "Modules by domain"): all that the rest of the API may import from it.
export * from './auth.routes.js';
export * from './auth.schema.js';
export * from './auth.service.js';
export * from './otp-challenge.js';
export * from './staff-customers.routes.js';
export * from './staff-customers.service.js';
export * from './user.dto.js';
