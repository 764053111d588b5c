/**
 * The notifications answer's schema, a chunk of its own: `getNotifications` imports it as it
 * sends its request (`apiRequest` takes the import's promise). The bell is on every page with
 * the top bar, and a visitor's bell asks for nothing, yet its static import of the schema made
 * every first load of Home and DEX run zod's construction of core's auth schemas, where this one
 * was then kept: a task of 70-110 ms at a phone's 4x slowdown, for no request. It now has a
 * core module of its own, but a static import would still put zod on a visitor's first load.
 */
export { notificationListResponseSchema } from '@vaultscope/core';
