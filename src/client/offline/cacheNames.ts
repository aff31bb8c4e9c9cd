/** The service worker's runtime caches (pwaOptions.ts), in a module of their own: the page's code imports only these names. */
export const API_CACHE = 'manitas-api';
export const MEDIA_CACHE = 'manitas-media';
/** The hand-tracking model of "¡Ahora tú!": kept on first use, not precached (pwaOptions.ts). */
export const HAND_MODEL_CACHE = 'manitas-hand-model';

/** The query parameter that keeps a back-office read of a learner address off the device's cache (pwaOptions.ts CONTENT_API_READ). */
export const FRESH_PARAM = 'fresco';
