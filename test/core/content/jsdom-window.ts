// jsdom ships no type declarations here; this loads it through require with the one shape the tests use.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { JSDOM } = require('jsdom') as { JSDOM: new (html?: string) => { window: Window & typeof globalThis } };

/** A fresh jsdom window, optionally holding `html`. */
export function jsdomWindow(html = ''): Window & typeof globalThis {
  return new JSDOM(html).window;
}
