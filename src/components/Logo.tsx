import { Group, Text } from '@mantine/core';

/**
 * The mark: a pulse line that ends in a check mark, on the primary teal. The same drawing is
 * public/favicon.svg and the app icons; keep them in step (docs/design-system.md).
 */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="16" fill="var(--mantine-color-brand-7, #086870)" />
      <path
        d="M9 35h10l5-11 8 21 6-14 5 7L55 20"
        fill="none"
        stroke="#fff"
        strokeWidth="5.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Mark and wordmark. The text is the accessible name; the mark is decoration. */
export function Logo() {
  return (
    <Group gap={10} wrap="nowrap" component="span">
      <LogoMark />
      <Text
        component="span"
        fw={800}
        fz="xl"
        lh={1}
        c="var(--mantine-color-text)"
        style={{ letterSpacing: '-0.01em' }}
      >
        PN Prep
      </Text>
    </Group>
  );
}
