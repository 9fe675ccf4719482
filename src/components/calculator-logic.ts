/**
 * The on-screen calculator's arithmetic, pure (src/components/Calculator.tsx shows it): a four-function
 * calculator as on the exam, left to right (2 + 3 × 4 = 20), with a display of at most 12 digits.
 */
export type CalculatorOperator = '+' | '-' | '*' | '/';
export type CalculatorKey =
  | { digit: string }
  | { operator: CalculatorOperator }
  | 'point'
  | 'equals'
  | 'clear'
  | 'backspace';

export interface CalculatorState {
  display: string;
  /** The number before the pending operator. */
  stored: number | null;
  operator: CalculatorOperator | null;
  /** The next digit starts a new number (after an operator or =). */
  fresh: boolean;
}

export const CALCULATOR_START: CalculatorState = { display: '0', stored: null, operator: null, fresh: true };
export const CALCULATOR_ERROR = 'Error';
const MAX_DIGITS = 12;

function apply(a: number, operator: CalculatorOperator, b: number): number {
  switch (operator) {
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return a * b;
    case '/':
      return b === 0 ? Number.NaN : a / b;
  }
}

/** A result as the display shows it: at most 12 significant digits, no float noise (0.1 + 0.2 = 0.3). */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return CALCULATOR_ERROR;
  const rounded = Number.parseFloat(value.toPrecision(MAX_DIGITS));
  const text = String(rounded);
  return text.replace(/\.?0+e/, 'e');
}

export function pressKey(state: CalculatorState, key: CalculatorKey): CalculatorState {
  if (key === 'clear') return CALCULATOR_START;
  if (state.display === CALCULATOR_ERROR) return pressKey(CALCULATOR_START, key);
  if (typeof key === 'object' && 'digit' in key) {
    if (state.fresh) return { ...state, display: key.digit, fresh: false };
    if (state.display.replace(/[-.]/g, '').length >= MAX_DIGITS) return state;
    return { ...state, display: state.display === '0' ? key.digit : state.display + key.digit };
  }
  if (key === 'point') {
    if (state.fresh) return { ...state, display: '0.', fresh: false };
    return state.display.includes('.') ? state : { ...state, display: `${state.display}.` };
  }
  if (key === 'backspace') {
    if (state.fresh) return state;
    const shorter = state.display.slice(0, -1);
    return { ...state, display: shorter === '' || shorter === '-' ? '0' : shorter };
  }
  const current = Number.parseFloat(state.display);
  // An operator (or =) after another only replaces it; otherwise the pending one is worked out first.
  const result =
    state.operator !== null && state.stored !== null && !state.fresh
      ? apply(state.stored, state.operator, current)
      : state.operator !== null && state.stored !== null && key === 'equals'
        ? state.stored
        : current;
  const display = formatNumber(result);
  if (key === 'equals') return { display, stored: null, operator: null, fresh: true };
  if (display === CALCULATOR_ERROR) return { display, stored: null, operator: null, fresh: true };
  return { display, stored: result, operator: key.operator, fresh: true };
}

/** The key a keyboard key stands for, or null (digits, + - * / x, . and ,, Enter and =, Backspace, Escape). */
export function keyOf(key: string): CalculatorKey | null {
  if (/^[0-9]$/.test(key)) return { digit: key };
  if (key === '+' || key === '-' || key === '*' || key === '/') return { operator: key };
  if (key === 'x' || key === 'X') return { operator: '*' };
  if (key === '.' || key === ',') return 'point';
  if (key === 'Enter' || key === '=') return 'equals';
  if (key === 'Backspace') return 'backspace';
  if (key === 'Escape' || key === 'Delete') return 'clear';
  return null;
}
