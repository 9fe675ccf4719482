import { Box, Group, Paper, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { type KeyboardEvent, useId, useState } from 'react';
import {
  CALCULATOR_START,
  type CalculatorKey,
  type CalculatorState,
  keyOf,
  pressKey,
} from './calculator-logic';

interface Key {
  label: string;
  /** The name a screen reader says (the label alone is a symbol). */
  name: string;
  key: CalculatorKey;
  kind?: 'operator' | 'action';
}

const digit = (d: string): Key => ({ label: d, name: d, key: { digit: d } });
const KEYS: Key[] = [
  { label: 'C', name: 'Clear', key: 'clear', kind: 'action' },
  { label: '⌫', name: 'Delete last digit', key: 'backspace', kind: 'action' },
  { label: '÷', name: 'Divide', key: { operator: '/' }, kind: 'operator' },
  { label: '×', name: 'Multiply', key: { operator: '*' }, kind: 'operator' },
  digit('7'),
  digit('8'),
  digit('9'),
  { label: '−', name: 'Minus', key: { operator: '-' }, kind: 'operator' },
  digit('4'),
  digit('5'),
  digit('6'),
  { label: '+', name: 'Plus', key: { operator: '+' }, kind: 'operator' },
  digit('1'),
  digit('2'),
  digit('3'),
  { label: '=', name: 'Equals', key: 'equals', kind: 'operator' },
  digit('0'),
  { label: '.', name: 'Decimal point', key: 'point' },
];

/**
 * A four-function on-screen calculator, as the exam offers (the mock exam; custom tests later).
 * Every key is a button (Tab and Enter or Space); typed digits, + - * /, Enter, Backspace and Escape
 * work anywhere inside it. The display is announced politely, once per change.
 */
export function Calculator({ label = 'Calculator' }: { label?: string }) {
  const [state, setState] = useState<CalculatorState>(CALCULATOR_START);
  const displayId = useId();
  const press = (key: CalculatorKey) => setState((current) => pressKey(current, key));
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Enter or Space on a focused key presses that key (the button's own click), not "=".
    const onButton = (event.target as HTMLElement).tagName === 'BUTTON';
    if (onButton && (event.key === 'Enter' || event.key === ' ')) return;
    const key = keyOf(event.key);
    if (!key || event.ctrlKey || event.metaKey || event.altKey) return;
    event.preventDefault();
    press(key);
  };
  return (
    <Paper
      withBorder
      p="sm"
      role="group"
      aria-label={label}
      onKeyDown={onKeyDown}
      maw={320}
      w="100%"
      data-testid="calculator"
    >
      <Box
        component="output"
        id={displayId}
        aria-live="polite"
        aria-label={`${label} display`}
        display="block"
        p="xs"
        mb="xs"
        bg="var(--mantine-color-default-hover)"
        style={{ borderRadius: 'var(--mantine-radius-sm)', textAlign: 'right', overflowWrap: 'anywhere' }}
      >
        <Text component="span" fz="xl" ff="monospace" data-testid="calculator-display">
          {state.display}
        </Text>
      </Box>
      <SimpleGrid cols={4} spacing={6} verticalSpacing={6}>
        {KEYS.map((key) => (
          <UnstyledButton
            key={key.name}
            type="button"
            aria-label={key.name}
            aria-controls={displayId}
            onClick={() => press(key.key)}
            className="calculator-key"
            data-kind={key.kind ?? 'digit'}
          >
            <Group justify="center">
              <span aria-hidden="true">{key.label}</span>
            </Group>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
