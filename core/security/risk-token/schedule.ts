import type { Observable } from 'rxjs';
import { EMPTY, concat, distinctUntilChanged, map, of, startWith, switchMap } from 'rxjs';
import { interval$ } from '../../platform/rx.js';
import type { Timers, VisibilityPort } from '../../platform/types.js';
import { InvalidArgumentError } from '../../errors/exkit-error.js';
import { checkDuration } from '../../validate/duration.js';
import { expectObjectWith } from '../../validate/describe-value.js';

/**
 * Why the risk token should be looked at: 'start' once, 'interval' every period while the page is visible,
 * 'visible' when the page becomes visible again after being hidden.
 */
export type RiskTokenTick = 'start' | 'interval' | 'visible';

/** The risk token's refresh schedule (spec §S4): at start, then on a timer that runs only while the page is visible. */
export function riskTokenSchedule$(visibility: VisibilityPort, timers: Timers, intervalMs: number): Observable<RiskTokenTick> {
  checkDuration('intervalMs', intervalMs, { owner: 'risk token schedule' });
  expectObjectWith('visibility', visibility, 'riskTokenSchedule$', ['changes']);
  expectObjectWith('timers', timers, 'riskTokenSchedule$', ['setTimeout', 'clearTimeout']);
  if (intervalMs === undefined)
    throw new InvalidArgumentError('risk token schedule: intervalMs is required', { field: 'intervalMs', value: intervalMs });
  return visibility.changes.pipe(
    distinctUntilChanged(),
    // Hidden: no timer at all. Visible: the period restarts, and a return from hidden is announced first.
    switchMap((state, index) => {
      if (state === 'hidden') return EMPTY;
      const ticks = interval$(timers, intervalMs).pipe(map((): RiskTokenTick => 'interval'));
      return index === 0 ? ticks : concat(of<RiskTokenTick>('visible'), ticks);
    }),
    startWith<RiskTokenTick>('start'),
  );
}
