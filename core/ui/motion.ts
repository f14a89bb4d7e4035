/** The media query that asks for reduced motion; transitions then take 0 ms. */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';
