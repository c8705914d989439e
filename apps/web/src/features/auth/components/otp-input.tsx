import {
  useImperativeHandle,
  useRef,
  type ClipboardEvent,
  type FormEvent,
  type KeyboardEvent,
  type Ref,
} from 'react';
import { useT } from '@/lib/i18n/use-t';
import { OTP_LENGTH } from '@/lib/validation';

interface OtpInputProps {
  /** One entry per box: a digit or ''. */
  value: readonly string[];
  onChange: (digits: string[]) => void;
  /** Id of the visible label of the group. */
  labelledBy: string;
  /** Id of the error text, when one is shown. */
  errorId?: string;
  disabled?: boolean;
  /** Lets the screen put the cursor in the first box (on arrival, after a wrong code). */
  ref?: Ref<OtpInputHandle>;
}

export interface OtpInputHandle {
  focusFirst: () => void;
}

export const emptyCode = (): string[] => Array.from({ length: OTP_LENGTH }, () => '');

const onlyDigits = (text: string) => text.replace(/\D/g, '');

/**
 * Six one-digit boxes (docs/product.md#form-rules): digits only, typing moves to the next box, Backspace on an empty
 * box goes back, a pasted or autofilled code fills the boxes. Each box is labelled "Digit n of 6".
 */
export function OtpInput({ value, onChange, labelledBy, errorId, disabled = false, ref }: OtpInputProps) {
  const t = useT();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  useImperativeHandle(ref, () => ({ focusFirst: () => boxes.current[0]?.focus() }), []);

  function focusBox(index: number) {
    const box = boxes.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))];
    box?.focus();
    box?.select();
  }

  function setBox(index: number, digit: string) {
    const next = [...value];
    next[index] = digit;
    onChange(next);
  }

  /** Writes `digits` from box `from` on and moves to the box after the last one written. */
  function fill(from: number, digits: string) {
    const next = [...value];
    let index = from;
    for (const digit of digits) {
      if (index >= OTP_LENGTH) break;
      next[index++] = digit;
    }
    onChange(next);
    focusBox(index);
  }

  function onKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.ctrlKey || event.metaKey || event.altKey) return; // copy, paste, shortcuts
    switch (event.key) {
      case 'Backspace':
        event.preventDefault();
        if (value[index]) {
          setBox(index, '');
        } else if (index > 0) {
          setBox(index - 1, '');
          focusBox(index - 1);
        }
        return;
      case 'Delete':
        event.preventDefault();
        setBox(index, '');
        return;
      case 'ArrowLeft':
        event.preventDefault();
        focusBox(index - 1);
        return;
      case 'ArrowRight':
        event.preventDefault();
        focusBox(index + 1);
        return;
      case 'Home':
        event.preventDefault();
        focusBox(0);
        return;
      case 'End':
        event.preventDefault();
        focusBox(OTP_LENGTH - 1);
        return;
    }
    if (/^\d$/.test(event.key)) {
      event.preventDefault();
      fill(index, event.key);
    } else if (event.key.length === 1) {
      event.preventDefault(); // letters, spaces, signs: not a digit
    }
  }

  // Input that arrives without a usable key event: phone keyboards, the one-time-code autofill, IMEs.
  function onInput(index: number, event: FormEvent<HTMLInputElement>) {
    const typed = onlyDigits(event.currentTarget.value);
    const previous = value[index] ?? '';
    if (typed === '') {
      setBox(index, '');
    } else if (typed.length >= OTP_LENGTH) {
      fill(0, typed.slice(0, OTP_LENGTH));
    } else if (previous && typed.length === 2 && typed.includes(previous)) {
      // A digit typed beside the one already there replaces it.
      fill(index, typed.startsWith(previous) ? typed.slice(1) : typed.slice(0, 1));
    } else {
      fill(index, typed);
    }
  }

  function onPaste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    const digits = onlyDigits(event.clipboardData.getData('text'));
    if (digits === '') return;
    if (digits.length >= OTP_LENGTH) fill(0, digits.slice(0, OTP_LENGTH));
    else fill(index, digits);
  }

  return (
    <div
      role="group"
      aria-labelledby={labelledBy}
      className="flex justify-center gap-1 min-[360px]:gap-2"
      data-testid="otp-boxes"
    >
      {value.map((digit, index) => (
        <input
          // The boxes never reorder.
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={t('auth.otp.digit', { n: index + 1, total: OTP_LENGTH })}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId}
          disabled={disabled}
          value={digit}
          onKeyDown={(event) => onKeyDown(index, event)}
          onChange={(event) => onInput(index, event)}
          onPaste={(event) => onPaste(index, event)}
          onFocus={(event) => event.currentTarget.select()}
          className={`h-14 w-0 max-w-14 min-w-0 flex-1 rounded-xl border bg-surface text-center text-2xl font-semibold text-slate-900 tabular-nums shadow-xs transition focus:ring-2 focus:outline-none disabled:bg-slate-100 ${
            errorId
              ? 'border-red-600 dark:border-red-400 focus:border-red-600 dark:focus:border-red-400 focus:ring-red-200 dark:focus:ring-red-800'
              : 'border-slate-300 focus:border-brand-500 focus:ring-brand-200 dark:focus:ring-brand-800'
          }`}
        />
      ))}
    </div>
  );
}
