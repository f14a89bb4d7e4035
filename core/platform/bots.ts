import type { ErrorReport, ErrorReporter } from './types.js';
import { expectString } from '../validate/describe-value.js';

// Crawlers and headless automation announce themselves in the user agent; their errors are noise.
const BOT_PATTERN = /bot|crawl|spider|slurp|facebookexternalhit|bingpreview|mediapartners|lighthouse|headlesschrome|phantomjs|prerender/i;

/** Whether a user agent belongs to a crawler or headless automation. */
export function isBotUserAgent(userAgent: string): boolean {
  expectString('userAgent', userAgent, 'isBotUserAgent');
  return BOT_PATTERN.test(userAgent);
}

/** Wraps a report sink so that bots stay silent and a throwing sink never reaches the caller. */
export function silenceBots(sink: (report: ErrorReport) => void, userAgent: () => string): ErrorReporter {
  return {
    report(report) {
      if (isBotUserAgent(userAgent())) return;
      try {
        sink(report);
      } catch {
        // A broken reporting service must not break the code that reports to it.
      }
    },
  };
}
