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
