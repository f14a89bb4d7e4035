export { createStore, storageKeyPrefix, STORAGE_AREAS, STORAGE_VERSION } from './namespaced-store.js';
export type { NamespacedStore, StorageArea, StoreOptions, SetOptions, Guard } from './namespaced-store.js';
export { readJsonCookie, writeJsonCookie, PREFERENCE_COOKIE_DAYS } from './cookies.js';
