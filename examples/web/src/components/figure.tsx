import { Fragment } from 'react';
import type { ReactNode } from 'react';

/**
 * A figure with its unit, isolated as left-to-right: in an Arabic (right-to-left) page a bare
 * "+19.77%" or "315.3550 USDT" would be reordered by the bidi algorithm into "19.77%+" and "USDT 315.3550".
 * `<bdi dir="ltr">` keeps the number, its sign and its unit in reading order whatever surrounds it.
 */
export function Figure({ value, unit, className }: { value: ReactNode; unit?: string | undefined; className?: string | undefined }) {
  return (
    <bdi dir="ltr" className={className ? `figure ${className}` : 'figure'} data-figure="">
      {value}
      {unit === undefined || value === '--' ? null : ` ${unit}`}
    </bdi>
  );
}

// Marks a value's place in a sentence while the language's text leaf builds it; private-use characters that
// no translation contains.
const SLOT = /\u{F0000}(\d+)\u{F0001}/u;
const slot = (index: number) => `\u{F0000}${index}\u{F0001}`;

/**
 * A sentence from a catalogue text leaf, with values where the language puts them. `text` is the leaf (a
 * function of strings); each value may be markup — a Figure, a `<bdi dir="ltr">` or `<code>` island — so the
 * words keep their language's order and the values theirs.
 */
export function Phrase({ text, values }: { text: (...values: string[]) => string; values: readonly ReactNode[] }) {
  const parts = text(...values.map((_, i) => slot(i))).split(SLOT);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>{i % 2 === 0 ? part : values[Number(part)]}</Fragment>
      ))}
    </>
  );
}
