import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OtpInput, emptyCode } from './otp-input';

function Harness() {
  const [digits, setDigits] = useState(emptyCode);
  return (
    <>
      <p id="label">Verification code</p>
      <OtpInput value={digits} onChange={setDigits} labelledBy="label" />
      <output data-testid="code">{digits.map((d) => d || '_').join('')}</output>
    </>
  );
}

function setup() {
  render(<Harness />);
  const box = (n: number) => screen.getByLabelText(`Digit ${n} of 6`);
  const code = () => screen.getByTestId('code').textContent;
  return { box, code };
}

describe('OtpInput', () => {
  it('has six labelled boxes in a named group, for numeric input and one-time-code autofill', () => {
    const { box } = setup();
    expect(screen.getByRole('group', { name: 'Verification code' })).toBeInTheDocument();
    for (let n = 1; n <= 6; n++) {
      expect(box(n)).toHaveAttribute('inputmode', 'numeric');
    }
    expect(box(1)).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.getAllByRole('textbox')).toHaveLength(6);
  });

  it('takes one digit per box and moves on as the user types', async () => {
    const { box, code } = setup();
    await userEvent.click(box(1));
    await userEvent.keyboard('123');
    expect(code()).toBe('123___');
    expect(box(4)).toHaveFocus();
    await userEvent.keyboard('456');
    expect(code()).toBe('123456');
    expect(box(6)).toHaveFocus();
  });

  it('ignores anything that is not a digit', async () => {
    const { box, code } = setup();
    await userEvent.click(box(1));
    await userEvent.keyboard('a1-b 2.e');
    expect(code()).toBe('12____');
    expect(box(3)).toHaveFocus();
  });

  it('replaces the digit of a box typed over', async () => {
    const { box, code } = setup();
    await userEvent.click(box(1));
    await userEvent.keyboard('123');
    await userEvent.click(box(2));
    await userEvent.keyboard('9');
    expect(code()).toBe('193___');
    expect(box(3)).toHaveFocus();
  });

  it('Backspace clears the box, then goes back and clears the one before', async () => {
    const { box, code } = setup();
    await userEvent.click(box(1));
    await userEvent.keyboard('123');
    await userEvent.keyboard('{Backspace}');
    expect(code()).toBe('12____');
    expect(box(3)).toHaveFocus();
    await userEvent.keyboard('{Backspace}');
    expect(code()).toBe('1_____');
    expect(box(2)).toHaveFocus();

    await userEvent.click(box(2));
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    expect(box(4)).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(box(1)).toHaveFocus();
    await userEvent.keyboard('{Backspace}{Backspace}');
    expect(code()).toBe('______');
    expect(box(1)).toHaveFocus();
  });

  it('fills every box from a pasted 6-digit code, wherever it is pasted', async () => {
    const { box, code } = setup();
    await userEvent.click(box(3));
    await userEvent.paste('123456');
    expect(code()).toBe('123456');
    expect(box(6)).toHaveFocus();
  });

  it('keeps only the digits of a pasted code ("123 456", "Code: 123-456")', async () => {
    const { box, code } = setup();
    await userEvent.click(box(1));
    await userEvent.paste('Code: 123-456');
    expect(code()).toBe('123456');
  });

  it('writes a shorter paste from the box pasted into, and ignores a paste without digits', async () => {
    const { box, code } = setup();
    await userEvent.click(box(2));
    await userEvent.paste('78');
    expect(code()).toBe('_78___');
    expect(box(4)).toHaveFocus();
    await userEvent.paste('abc');
    expect(code()).toBe('_78___');
  });

  it('spreads a whole code that arrives as input without key events (autofill)', () => {
    const { box, code } = setup();
    fireEvent.change(box(1), { target: { value: '654321' } });
    expect(code()).toBe('654321');
    expect(box(6)).toHaveFocus();
  });

  it('takes a single digit that arrives as input without key events (phone keyboards)', () => {
    const { box, code } = setup();
    fireEvent.change(box(1), { target: { value: '7' } });
    expect(code()).toBe('7_____');
    expect(box(2)).toHaveFocus();
    fireEvent.change(box(2), { target: { value: 'x' } });
    expect(code()).toBe('7_____');
  });
});
