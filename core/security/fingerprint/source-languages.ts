import type { PlainSource } from './types.js';

/** The user's preferred languages, most preferred first (`platform.languages`). */
export function languagesSource(): PlainSource {
  return {
    name: 'languages',
    needsDom: false,
    collect: ({ platform }) => [...platform.languages],
  };
}
