import type { HTMLAttributes } from 'react';

/**
 * Font sizes that fit a text of up to N characters across its box: CSS container units (`cqi`, a hundredth of the
 * box's width) over N characters of 0.6 em each (bold tabular digits and a currency's letters measure 0.53–0.55 em
 * in Chromium's sans-serif), never above the box's own size. Written out whole so that Tailwind generates them.
 */
const FITS: [number, string][] = [
  [7, 'text-[min(1em,23.8cqi)]'],
  [8, 'text-[min(1em,20.8cqi)]'],
  [9, 'text-[min(1em,18.5cqi)]'],
  [10, 'text-[min(1em,16.7cqi)]'],
  [11, 'text-[min(1em,15.2cqi)]'],
  [12, 'text-[min(1em,13.9cqi)]'],
  [13, 'text-[min(1em,12.8cqi)]'],
  [14, 'text-[min(1em,11.9cqi)]'],
  [15, 'text-[min(1em,11.1cqi)]'],
  [16, 'text-[min(1em,10.4cqi)]'],
  [17, 'text-[min(1em,9.8cqi)]'],
  [18, 'text-[min(1em,9.3cqi)]'],
  [19, 'text-[min(1em,8.8cqi)]'],
  [20, 'text-[min(1em,8.3cqi)]'],
  [24, 'text-[min(1em,6.9cqi)]'],
  [28, 'text-[min(1em,6.0cqi)]'],
  [32, 'text-[min(1em,5.2cqi)]'],
  [40, 'text-[min(1em,4.2cqi)]'],
];

/**
 * A formatted amount that is never cut off (issue 33: "JP¥142,…" in a narrow column): it takes its box's width (a
 * grid cell, a block; not a flex item sized by its content) and is drawn smaller when it would not fit at the box's
 * font size, on one line. Pure CSS: nothing is measured. Use it instead of `truncate` for money.
 */
export function MoneyText({
  children,
  className = '',
  ...rest
}: { children: string } & Omit<HTMLAttributes<HTMLSpanElement>, 'children'>) {
  const length = Array.from(children).length;
  const fit = FITS.find(([max]) => length <= max)?.[1] ?? 'text-[min(1em,3.3cqi)]';
  return (
    <span className={`block [container-type:inline-size] ${className}`} {...rest}>
      <span className={`whitespace-nowrap ${fit}`}>{children}</span>
    </span>
  );
}
