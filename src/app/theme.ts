import { type CSSVariablesResolver, createTheme } from '@mantine/core';

/**
 * One theme for the whole app. Shade 8 of the primary colour and a darker "dimmed" grey keep text
 * and buttons at WCAG 2.2 AA contrast (Mantine's defaults fall short).
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  headings: { fontWeight: '700' },
  components: {
    // Mantine greys a titled notification's text to gray.6 (3.3:1 on white); gray.7 passes AA.
    Notification: {
      styles: { description: { color: 'var(--mantine-color-gray-7)' } },
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
    },
  },
});

export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7] ?? '#495057',
    // Mantine's error red (red.6) is under 4.5:1 on white.
    '--mantine-color-error': t.colors.red[9] ?? '#c92a2a',
  },
  dark: { '--mantine-color-dimmed': t.colors.gray[4] ?? '#ced4da' },
});
