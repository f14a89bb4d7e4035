import { invalidArgument } from './describe-value.js';
/** Spec §B9, §S2: mobile layout applies below this width in CSS pixels. */
export const MOBILE_BREAKPOINT_PX = 768;

/** Whether a viewport width gets the mobile layout. */
export function isMobileWidth(px: number, breakpoint = MOBILE_BREAKPOINT_PX): boolean {
  if (typeof px !== 'number') throw invalidArgument('px', 'a number', px, 'isMobileWidth');
  if (typeof breakpoint !== 'number') throw invalidArgument('breakpoint', 'a number', breakpoint, 'isMobileWidth');
  return px < breakpoint;
}
