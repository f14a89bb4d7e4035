import { section } from '../text-types.js';

/** The frame around every page: the brand and the error boundary's way to another page. */
export const shell = section(
  {
    brand: 'exkit exchange',
    goTo: (page: string) => `Go to ${page}`,
  },
  {
    brand: 'منصة exkit',
    goTo: (page: string) => `انتقل إلى ${page}`,
  },
);
