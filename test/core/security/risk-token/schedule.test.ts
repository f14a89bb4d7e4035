import { describe, expect, it } from 'vitest';
import { memoryPlatform } from '../../../../core/platform/index.js';
import { riskTokenSchedule$ } from '../../../../core/security/risk-token/index.js';
import type { RiskTokenTick } from '../../../../core/security/risk-token/index.js';

function record(visibility: 'visible' | 'hidden' = 'visible') {
  const platform = memoryPlatform({ visibility });
  const ticks: Array<[number, RiskTokenTick]> = [];
  const subscription = riskTokenSchedule$(platform.visibility, platform.timers, 1000).subscribe((tick) =>
    ticks.push([platform.clock.now(), tick]),
  );
  return { platform, ticks, subscription };
}

describe('risk-token schedule: at start, then on a timer only while visible (spec §S4)', () => {
  it('starts with one tick, then ticks every interval while visible', () => {
    const { platform, ticks } = record();
    platform.advance(3000);
    expect(ticks).toEqual([
      [0, 'start'],
      [1000, 'interval'],
      [2000, 'interval'],
      [3000, 'interval'],
    ]);
  });

  it('a hidden page gets the start tick and no timer ticks at all', () => {
    const { platform, ticks } = record('hidden');
    platform.advance(10_000);
    expect(ticks).toEqual([[0, 'start']]);
    expect(platform.timers.pendingCount).toBe(0);
  });

  it('hiding stops the timer; showing again announces it and restarts the period', () => {
    const { platform, ticks } = record();
    platform.advance(500);
    platform.setVisibility('hidden');
    platform.advance(5000);
    platform.setVisibility('visible');
    platform.advance(1000);
    expect(ticks).toEqual([
      [0, 'start'],
      [5500, 'visible'],
      [6500, 'interval'],
    ]);
  });

  it('unsubscribing clears the timer', () => {
    const { platform, subscription } = record();
    subscription.unsubscribe();
    expect(platform.timers.pendingCount).toBe(0);
  });
});
