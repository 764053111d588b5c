import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import styles from './otp-input.module.css';

export interface OtpInputProps {
  /** One entry per box: '' or a single digit. */
  value: readonly string[];
  onChange: (next: string[]) => void;
  label?: string;
  disabled?: boolean;
  autoFocus?: boolean;
}

const onlyDigits = (text: string) => text.replace(/\D/g, '');

/**
 * Single-digit boxes (spec: four): typing a digit moves to the next box, Backspace in an empty
 * box goes back, and pasting (or the phone's one-time-code autofill) spreads the digits.
 */
export function OtpInput({
  value,
  onChange,
  label = 'Verification code',
  disabled,
  autoFocus,
}: OtpInputProps) {
  const refs = useRef<Array<HTMLInputElement | null>>([]);
  const length = value.length;

  const focusBox = (index: number) => {
    const box = refs.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  /** Writes `digits` from box `start` on; returns the index after the last one written. */
  const spread = (start: number, digits: string): number => {
    const next = [...value];
    let index = start;
    for (const digit of digits) {
      if (index >= length) break;
      next[index] = digit;
      index += 1;
    }
    onChange(next);
    return index;
  };

  const handleChange = (index: number, raw: string) => {
    const digits = onlyDigits(raw);
    if (digits === '') {
      const next = [...value];
      next[index] = '';
      onChange(next);
      return;
    }
    if (digits.length >= length) {
      // Autofill of the whole code into one box.
      focusBox(spread(0, digits.slice(0, length)) - 1);
      return;
    }
    // Typing into a filled box whose text was not selected: keep the digit just typed.
    const current = value[index] ?? '';
    let typed = digits;
    if (digits.length === 2 && current !== '') {
      typed = digits[0] === current ? digits.slice(1) : digits.slice(0, 1);
    }
    focusBox(spread(index, typed));
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && (value[index] ?? '') === '' && index > 0) {
      event.preventDefault();
      const next = [...value];
      next[index - 1] = '';
      onChange(next);
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < length - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    const digits = onlyDigits(event.clipboardData.getData('text'));
    event.preventDefault();
    if (digits === '') return;
    // A whole code fills every box, whichever box has the focus.
    const start = digits.length >= length ? 0 : index;
    const end = spread(start, digits.slice(0, length));
    focusBox(Math.min(end, length - 1));
  };

  return (
    <fieldset className={styles.otp} disabled={disabled}>
      <legend className="visually-hidden">{label}</legend>
      {value.map((digit, index) => (
        <input
          key={index}
          ref={(element) => {
            refs.current[index] = element;
          }}
          className={styles.box}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={`Digit ${index + 1} of ${length}`}
          value={digit}
          // Autofocus of the first box only, when the screen opens.
          autoFocus={autoFocus && index === 0}
          onChange={(event) => handleChange(index, event.target.value)}
          onKeyDown={(event) => handleKeyDown(index, event)}
          onPaste={(event) => handlePaste(index, event)}
          onFocus={(event) => event.target.select()}
        />
      ))}
    </fieldset>
  );
}

export const emptyOtp = (length: number): string[] => Array.from({ length }, () => '');
export const isOtpComplete = (value: readonly string[]) =>
  value.length > 0 && value.every((digit) => /^[0-9]$/.test(digit));
