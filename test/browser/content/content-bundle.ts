// exkit's content module built for a page (an IIFE that sets `window.exkitContent`), and a way to run scripts in a
// page: the rich-text browser tests load it into each engine and call the sanitiser there.
import { bundleScript } from '../../support/bundle-page.js';
import type { EnginePage } from '../../support/engines.js';

let built: Promise<string> | undefined;

/** core/content bundled for the browser, built once per test file. */
export function contentBundle(): Promise<string> {
  built ??= bundleScript({ entry: 'core/content/index.ts' }, { format: 'iife', globalName: 'exkitContent' });
  return built;
}

/** Runs each source in the page as a script element of its own, in order. */
export async function addScripts(page: EnginePage, sources: string[]): Promise<void> {
  await page.evaluate((list: string[]) => {
    for (const source of list) {
      const script = document.createElement('script');
      script.textContent = source;
      document.head.append(script);
    }
  }, sources);
}
