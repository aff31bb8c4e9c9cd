/** The service worker's runtime caches (pwaOptions.ts), in a module of their own: the page's code imports only these names. */
export const API_CACHE = 'manitas-api';
export const MEDIA_CACHE = 'manitas-media';
