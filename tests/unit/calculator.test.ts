import { describe, expect, it } from 'vitest';
import {
  CALCULATOR_START,
  type CalculatorKey,
  formatNumber,
  keyOf,
  pressKey,
} from '../../src/components/calculator-logic';

/** Types keys as a student would ("12+3=") and returns the display. */
function typed(keys: string): string {
  return [...keys]
    .map((k) => keyOf(k === 'C' ? 'Escape' : k === '<' ? 'Backspace' : k) as CalculatorKey)
    .reduce(pressKey, CALCULATOR_START).display;
}

describe('the on-screen calculator', () => {
  it.each([
    ['12+3=', '15'],
    ['2+3*4=', '20'], // left to right, as a four-function calculator
    ['0.1+0.2=', '0.3'],
    ['10/4=', '2.5'],
    ['5-8=', '-3'],
    ['7/0=', 'Error'],
    ['7/0=3', '3'], // a digit after an error starts again
    ['5+*2=', '10'], // a second operator replaces the first
    ['123<<', '1'],
    ['12C', '0'],
    ['1..5*2=', '3'],
    ['250*0.04=', '10'],
    ['5+=', '5'],
    ['9999999999999', '999999999999'], // 12 digits at most while typing
  ])('%s shows %s', (keys, display) => {
    expect(typed(keys)).toBe(display);
  });

  it('keeps results to 12 significant digits', () => {
    expect(formatNumber(2 / 3)).toBe('0.666666666667');
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('Error');
  });

  it('maps the keyboard: x multiplies, a comma is the decimal point, other keys do nothing', () => {
    expect(keyOf('x')).toEqual({ operator: '*' });
    expect(keyOf(',')).toBe('point');
    expect(keyOf('a')).toBeNull();
  });
});
