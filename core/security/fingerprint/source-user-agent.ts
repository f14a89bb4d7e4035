import type { PlainSource } from './types.js';

/** The user agent and, with a DOM, the navigator's platform and vendor strings. */
export function userAgentSource(): PlainSource {
  return {
    name: 'userAgent',
    needsDom: false,
    collect({ platform, dom }) {
      const navigator = dom?.window.navigator;
      return {
        userAgent: platform.userAgent,
        platform: typeof navigator?.platform === 'string' ? navigator.platform : undefined,
        vendor: typeof navigator?.vendor === 'string' ? navigator.vendor : undefined,
      };
    },
  };
}
