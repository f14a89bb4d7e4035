export { browserPlatform } from './browser-platform.js';
export type { BrowserPlatformOptions } from './browser-platform.js';
export { memoryPlatform, MemoryBrowser } from './memory-platform.js';
export type { MemoryCryptoSource, MemoryPlatform, MemoryPlatformOptions, StoredCookie } from './memory-platform.js';
export { ManualTimers, flushMicrotasks } from './manual-timers.js';
export { MemoryStorage } from './memory-storage.js';
export { isBotUserAgent, silenceBots } from './bots.js';
export { timer$, interval$ } from './rx.js';
export type * from './types.js';
