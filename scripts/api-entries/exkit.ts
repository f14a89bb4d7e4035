/**
 * The framework-free core: platform, storage, catalogues, bridge and deep links, HTTP client, security,
 * captcha, simulation, session services, content safety, futures maths and UI primitives.
 *
 * ```ts
 * import { createHttpClient, memoryPlatform } from 'exkit';
 * ```
 *
 * @module exkit
 */
export * from '../../core/index.js';
