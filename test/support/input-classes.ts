// What a property test's generator actually draws. A property states the classes of input it covers; it counts each
// drawn input against them, and after the run asserts that every class was drawn, so a generator that stops reaching
// one (narrowed, re-weighted, or never able to) fails the test instead of passing on easier inputs.
import { expect } from 'vitest';

/** The padding a base64 text of `n` bytes ends in: none, one '=' or two. */
export const base64PaddingClasses = (): ReturnType<typeof inputClasses<number>> =>
  inputClasses<number>({ 'no padding': (n) => n % 3 === 0, "one '='": (n) => n % 3 === 2, "two '='": (n) => n % 3 === 1 });

/** Counts, over a property's runs, the inputs in each named class; `expectEachDrawn` asserts none stayed empty. */
export function inputClasses<T>(classes: Record<string, (input: T) => boolean>): {
  see: (input: T) => void;
  counts: Record<string, number>;
  expectEachDrawn: (atLeast?: number) => void;
} {
  const counts: Record<string, number> = Object.fromEntries(Object.keys(classes).map((name) => [name, 0]));
  return {
    see(input) {
      for (const [name, isIn] of Object.entries(classes)) if (isIn(input)) counts[name]! += 1;
    },
    counts,
    expectEachDrawn(atLeast = 1) {
      // EXKIT_CLASS_COUNTS=1 prints the counts, to see how far above `atLeast` each class is drawn.
      if (process.env.EXKIT_CLASS_COUNTS) console.log(`input classes (at least ${atLeast}): ${JSON.stringify(counts)}`);
      const missed = Object.entries(counts).filter(([, n]) => n < atLeast);
      expect(missed, `input classes drawn fewer than ${atLeast} times`).toEqual([]);
    },
  };
}
