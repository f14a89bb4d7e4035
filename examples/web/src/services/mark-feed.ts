// A simulated mark-price feed: each symbol's price takes a small seeded random step several times a
// second, on the platform's timers. The Futures page prices its positions on it.
import { FuturesDecimal } from 'exkit';
import type { Platform } from 'exkit';
import { valueStore } from './store.js';

/** Ticks per second (several a second, as a live exchange feed). */
export const MARK_TICKS_PER_SECOND = 5;
/** Largest step of one tick, as a fraction of the price. */
const MAX_STEP = 0.0015;

export interface MarkQuote {
  symbol: string;
  /** Decimal string with the symbol's price places. */
  price: string;
  tick: number;
}

export interface MarkFeedSymbol {
  symbol: string;
  start: string;
  pricePlace: number;
}

/** A seeded generator (mulberry32), so every run walks the same path. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Starts the feed; `quotes` holds the latest price per symbol, `stop` ends it. */
export function startMarkFeed(platform: Platform, symbols: readonly MarkFeedSymbol[], seed = 12) {
  const random = seeded(seed);
  const initial: Record<string, MarkQuote> = {};
  for (const s of symbols) initial[s.symbol] = { symbol: s.symbol, price: s.start, tick: 0 };
  const quotes = valueStore<Readonly<Record<string, MarkQuote>>>(initial);
  let handle: unknown;
  let stopped = false;
  const step = () => {
    const next: Record<string, MarkQuote> = {};
    for (const s of symbols) {
      const last = quotes.get()[s.symbol]!;
      const factor = new FuturesDecimal(1).plus(new FuturesDecimal(random() * 2 - 1).times(MAX_STEP));
      next[s.symbol] = { symbol: s.symbol, price: new FuturesDecimal(last.price).times(factor).toFixed(s.pricePlace), tick: last.tick + 1 };
    }
    quotes.set(next);
    if (!stopped) handle = platform.timers.setTimeout(step, 1000 / MARK_TICKS_PER_SECOND);
  };
  handle = platform.timers.setTimeout(step, 1000 / MARK_TICKS_PER_SECOND);
  return {
    quotes,
    stop() {
      stopped = true;
      platform.timers.clearTimeout(handle as Parameters<Platform['timers']['clearTimeout']>[0]);
    },
  };
}

export type MarkFeed = ReturnType<typeof startMarkFeed>;
