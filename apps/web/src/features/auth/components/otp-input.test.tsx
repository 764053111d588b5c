import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { emptyOtp, isOtpComplete, OtpInput } from './otp-input';

function Harness() {
  const [value, setValue] = useState(() => emptyOtp(4));
  return (
    <>
      <OtpInput value={value} onChange={setValue} />
      <output data-testid="code">{value.join('')}</output>
    </>
  );
}

const box = (n: number) => screen.getByLabelText<HTMLInputElement>(`Digit ${n} of 4`);
const code = () => screen.getByTestId('code').textContent;

describe('OtpInput', () => {
  it('labels each of the four boxes', () => {
    render(<Harness />);
    expect(screen.getAllByRole('textbox')).toHaveLength(4);
    expect(box(1).getAttribute('inputmode')).toBe('numeric');
  });

  it('takes one digit per box and moves to the next box', () => {
    render(<Harness />);
    box(1).focus();
    fireEvent.change(box(1), { target: { value: '4' } });
    expect(box(1).value).toBe('4');
    expect(document.activeElement).toBe(box(2));
    fireEvent.change(box(2), { target: { value: '2' } });
    expect(document.activeElement).toBe(box(3));
    expect(code()).toBe('42');
  });

  it('ignores letters and other non-digits', () => {
    render(<Harness />);
    fireEvent.change(box(1), { target: { value: 'a' } });
    expect(box(1).value).toBe('');
    expect(code()).toBe('');
  });

  it('keeps the newly typed digit when typing into a filled box', () => {
    render(<Harness />);
    fireEvent.change(box(1), { target: { value: '4' } });
    fireEvent.change(box(1), { target: { value: '47' } });
    expect(box(1).value).toBe('7');
  });

  it('goes back to the previous box on Backspace in an empty box', () => {
    render(<Harness />);
    fireEvent.change(box(1), { target: { value: '1' } });
    fireEvent.change(box(2), { target: { value: '2' } });
    box(3).focus();
    fireEvent.keyDown(box(3), { key: 'Backspace' });
    expect(document.activeElement).toBe(box(2));
    expect(box(2).value).toBe('');
    expect(code()).toBe('1');
  });

  it('fills all boxes from a pasted 4-digit code, whichever box has focus', () => {
    render(<Harness />);
    box(3).focus();
    fireEvent.paste(box(3), { clipboardData: { getData: () => ' 12-34 ' } });
    expect([box(1).value, box(2).value, box(3).value, box(4).value]).toEqual(['1', '2', '3', '4']);
    expect(document.activeElement).toBe(box(4));
  });

  it('spreads a whole code autofilled into one box', () => {
    render(<Harness />);
    fireEvent.change(box(1), { target: { value: '9876' } });
    expect(code()).toBe('9876');
  });
});

describe('isOtpComplete', () => {
  it('is true only when every box holds a digit', () => {
    expect(isOtpComplete(['1', '2', '3', '4'])).toBe(true);
    expect(isOtpComplete(['1', '', '3', '4'])).toBe(false);
    expect(isOtpComplete([])).toBe(false);
  });
});
