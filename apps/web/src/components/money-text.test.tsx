import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '@/lib/money';
import { MoneyText } from './money-text';

describe('MoneyText', () => {
  it('shows the whole amount in its box’s width, smaller when it is long, and never truncates', () => {
    const text = formatMoney(142500, 'JPY', 'en-GB');
    expect(text).toBe('JP¥142,500');
    render(<MoneyText className="text-sm">{text}</MoneyText>);
    const amount = screen.getByText(text);
    expect(amount).toHaveClass('whitespace-nowrap', 'text-[min(1em,16.7cqi)]');
    const box = amount.parentElement!;
    expect(box).toHaveClass('block', '[container-type:inline-size]', 'text-sm');
    for (const element of [box, amount]) expect(element).not.toHaveClass('truncate');
  });

  it('sizes by length: a longer amount may be drawn smaller sooner', () => {
    render(
      <>
        <MoneyText>{formatMoney(1250, 'SGD', 'en-GB')}</MoneyText>
        <MoneyText>{formatMoney(99999999, 'USD', 'en-GB')}</MoneyText>
      </>,
    );
    expect(screen.getByText('SGD 12.50')).toHaveClass('text-[min(1em,18.5cqi)]');
    expect(screen.getByText('US$999,999.99')).toHaveClass('text-[min(1em,12.8cqi)]');
  });
});
