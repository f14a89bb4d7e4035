import { section } from '../text-types.js';

/** The simulated mark prices panel. */
export const markTicker = section(
  {
    heading: 'Mark prices',
    feed: (ticks: string) => `Simulated feed, ${ticks} ticks a second.`,
  },
  {
    heading: 'أسعار العلامة',
    feed: (ticks: string) => `تغذية محاكاة، ${ticks} تحديثات في الثانية.`,
  },
);
