// Futures maths: unrealised PnL, ROE and liquidation price for 1,000 positions per mark-price tick: as
// display strings (what a screen needs), as exact Decimals, and recomputed naively.
import { builtModule, collectGarbage, timeMs, type Bench, type Figure } from './harness.js';
import type { ContractKind, FuturesPositionInput } from '../core/index.js';
import type * as Core from '../core/index.js';

const {
  formatAmount,
  formatLiquidationPrice,
  formatPrice,
  formatRoe,
  liquidationPrice,
  positionDisplayFormat,
  prepareMark,
  preparePosition,
  roe,
  sanitizeAmount,
  unrealizedPnl,
} = await builtModule<typeof Core>('core/index.js');

const POSITIONS = 1000;
// Goal: under 4 ms per tick, formatted to display strings, a quarter of a 60 Hz frame.
const GOAL_MS = 4;

interface Sample {
  input: FuturesPositionInput;
  kind: ContractKind;
}

/** A deterministic book: linear and inverse, long and short, isolated and cross one-way, API-style strings. */
function book(): Sample[] {
  const out: Sample[] = [];
  let seed = 42;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let i = 0; i < POSITIONS; i++) {
    const kind: ContractKind = i % 4 === 3 ? 'inverse' : 'linear';
    const open = (20000 + Math.floor(next() * 4000000) / 100).toFixed(2);
    const count = kind === 'linear' ? (Math.floor(next() * 100000) / 1000 + 0.001).toFixed(3) : String(1 + Math.floor(next() * 10000));
    const level = String(1 + Math.floor(next() * 50));
    const cross = i % 5 === 0;
    out.push({
      kind,
      input: {
        position: i % 2 === 0 ? 1 : 2,
        marginMode: cross ? 2 : 1,
        positionMode: 1,
        count,
        openAvgPrice: open,
        openLevel: level,
        ...(cross ? { available: '250000', othersUpnl: '-120.5', othersMaintain: '300' } : {}),
        mm: '0.004',
        feeRate: '0.0006',
      },
    });
  }
  return out;
}

/** The same work in plain floats: precomputed per position, three figures per tick. */
function floatBook(samples: Sample[]) {
  return samples.map(({ input, kind }) => {
    const d = input.position === 1 ? 1 : -1;
    const q = Number(input.count);
    const e = Number(input.openAvgPrice);
    const l = Number(input.openLevel);
    const mmr = Number(input.mm);
    const f = Number(input.feeRate);
    const margin = kind === 'linear' ? (q * e) / l : q / e / l;
    const backing = input.marginMode === 1 ? margin : Number(input.available) + Number(input.othersUpnl) - Number(input.othersMaintain);
    const lp = kind === 'linear' ? (backing - d * q * e) / (q * (mmr + f - d)) : (q * (mmr + f + d)) / (backing + (d * q) / e);
    return {
      kind,
      dq: d * q,
      dqe: d * q * e,
      dqOverE: (d * q) / e,
      e,
      roeDivisor: margin / 100,
      lp: lp > 0 && Number.isFinite(lp) ? lp : null,
    };
  });
}

const bench: Bench = {
  area: 'futures',
  async run(): Promise<Figure[]> {
    const samples = book();
    const prepared = samples.map(({ input, kind }) => preparePosition(input, { kind }));
    const floats = floatBook(samples);
    let mark = 60000;
    let sink = 0;

    // What a screen does per tick: the three figures of every position as display strings (uPnL 6 decimals,
    // ROE 2 with '+', liquidation price at the price place), exact and rounded once.
    const format = positionDisplayFormat({ liquidationPrice: { places: 2 } });
    const displayTick = () => {
      mark += 0.5;
      const m = prepareMark(mark.toFixed(2));
      for (const position of prepared) {
        const shown = position.display(m, format);
        sink += shown.unrealizedPnl.length + shown.roe.length + shown.liquidationPrice.length;
      }
    };
    // The same figures as exact Decimals (tick), then formatted with the public formatters.
    const decimalTick = () => {
      mark += 0.5;
      const m = prepareMark(mark.toFixed(2));
      for (const position of prepared) {
        const t = position.tick(m);
        sink += formatAmount(t.unrealizedPnl).length + formatRoe(t.roe).length + formatLiquidationPrice(t.liquidationPrice, 2).length;
      }
    };
    const floatTick = () => {
      mark += 0.5;
      const p = Number(mark.toFixed(2));
      const reciprocal = 1 / p;
      for (const position of floats) {
        const upnl = position.kind === 'linear' ? position.dq * p - position.dqe : position.dqOverE * (p - position.e) * reciprocal;
        const r = upnl / position.roeDivisor;
        if (position.lp !== null && r === r) sink++;
      }
    };
    // The naive way: every figure recomputed from the raw input on every tick.
    const naiveTick = () => {
      mark += 0.5;
      const p = mark.toFixed(2);
      for (const { input, kind } of samples) {
        unrealizedPnl(input, p, { kind });
        roe(input, p, { kind });
        if (liquidationPrice(input, { kind }) !== null) sink++;
      }
    };

    collectGarbage();
    const floatMs = await timeMs(floatTick, { samples: 31, batch: 20, warmup: 5 });
    collectGarbage();
    const displayMs = await timeMs(displayTick, { samples: 31, batch: 5, warmup: 5 });
    collectGarbage();
    const decimalMs = await timeMs(decimalTick, { samples: 15, batch: 2, warmup: 3 });
    collectGarbage();
    const naiveMs = await timeMs(naiveTick, { samples: 9, batch: 1, warmup: 2 });

    // Inputs beyond what a figure can show are refused at once (a short text such as '1e100000000'
    // names 10^8 digits), and the amount sanitiser stays linear on a 2 MiB paste. Each against the plain work
    // of the same size in the same run; the goals are generous on purpose, since what they catch is a runaway
    // (memory exhaustion, a quadratic pass), which would miss them by orders of magnitude.
    const refuse = (fn: () => unknown) => () => {
      try {
        fn();
      } catch {
        sink++;
      }
    };
    collectGarbage();
    const shortFormatMs = await timeMs(() => (sink += formatAmount('123456789.12345678').length), { samples: 21, batch: 2000 });
    const hugeExponentMs = await timeMs(
      refuse(() => formatAmount('1e100000000')),
      { samples: 21, batch: 2000 },
    );
    const longDigits = '7'.repeat(1 << 20);
    const scanMs = await timeMs(() => (sink += /^\d*$/.test(longDigits) ? 1 : 0), { samples: 9, batch: 2 });
    const longDigitsMs = await timeMs(
      refuse(() => formatPrice(longDigits)),
      { samples: 9, batch: 2 },
    );
    // 20 integer digits (the most an amount has: more is refused) and 2 MiB of fraction digits to cut.
    const paste = `${'9'.repeat(20)}.${'1'.repeat(2 << 20)}`;
    const stripMs = await timeMs(() => (sink += paste.replace(/[^\d.]/g, '').length), { samples: 9, batch: 1 });
    const pasteMs = await timeMs(() => (sink += sanitizeAmount(paste, 8).length), { samples: 9, batch: 1 });
    if (sink < 0) console.log(sink);

    return [
      {
        name: `uPnL + ROE + liquidation price as exact display strings, ${POSITIONS} positions per mark tick (preparePosition once, display per tick)`,
        median: displayMs,
        unit: 'ms',
        baseline: { name: 'same precomputed work in plain floats, unformatted', median: floatMs },
        goal: `< ${GOAL_MS} ms`,
        met: displayMs < GOAL_MS,
      },
      {
        name: `the same via exact Decimals: tick, then formatAmount/formatRoe/formatLiquidationPrice, ${POSITIONS} positions`,
        median: decimalMs,
        unit: 'ms',
        baseline: { name: 'preparePosition + display', median: displayMs },
      },
      {
        name: `naive recompute of the three figures from raw input, ${POSITIONS} positions (unformatted)`,
        median: naiveMs,
        unit: 'ms',
        baseline: { name: 'preparePosition + display', median: displayMs },
      },
      {
        name: "formatAmount refusing '1e100000000' (10^8 digits) as out-of-range",
        median: hugeExponentMs * 1000,
        unit: 'µs',
        baseline: { name: 'formatAmount of a 17-digit amount', median: shortFormatMs * 1000 },
        goal: '≤ 20× baseline',
        met: hugeExponentMs <= shortFormatMs * 20,
      },
      {
        name: 'formatPrice refusing a 1 MiB string of digits as out-of-range',
        median: longDigitsMs,
        unit: 'ms',
        baseline: { name: 'one regex test over the same text', median: scanMs },
        goal: '≤ 100× baseline',
        met: longDigitsMs <= scanMs * 100,
      },
      {
        name: 'sanitizeAmount of a 2 MiB paste (20 integer digits, 2 MiB of fraction digits)',
        median: pasteMs,
        unit: 'ms',
        baseline: { name: 'one regex replace over the same text', median: stripMs },
        goal: '≤ 100× baseline',
        met: pasteMs <= stripMs * 100,
      },
    ];
  },
};

export default bench;
