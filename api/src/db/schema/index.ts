export * from './auth.js';
export * from './content.js';
export * from './catalog.js';
export * from './orders.js';
export * from './jobs.js';
export * from './staff.js';
export * from './stock-alerts.js';
export * from './favourites.js';
