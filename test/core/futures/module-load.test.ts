// The futures modules load. Imported inside the test, not at the top of the file: prepared-position.ts builds its
// default display format (readInput, FuturesDecimal) while it loads, so a fault there throws during the import; a
// static import would fail this file before any test runs, which a mutation run does not count as a failing test.
import { describe, expect, it } from 'vitest';

describe('futures module load', () => {
  it('loads core/futures and builds its default display format', async () => {
    const futures = await import('../../../core/futures/index.js');
    const format = futures.positionDisplayFormat();
    expect(format).toStrictEqual({
      unrealizedPnl: { places: 6, rounding: 'truncate' },
      roe: { places: 2, rounding: 'truncate' },
      liquidationPrice: { places: 6, rounding: 'truncate' },
    });
    expect(new futures.FuturesDecimal('0.0000001').toString()).toBe('0.0000001');
    expect(futures.readDecimal('.5', 'x').toString()).toBe('0.5');
  });
});
