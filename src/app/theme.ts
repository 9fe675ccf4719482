import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

/**
 * The one source of the app's look (docs/design-system.md describes it). Every colour choice below
 * is checked for WCAG 2.2 AA contrast in both colour schemes; the numbers are in the design system.
 */

/** Deep teal: calm and clinical without the default-template blue. Shade 7 is white-on-primary at 6.5:1. */
const brand: MantineColorsTuple = [
  '#e3f5f6',
  '#c3e8ea',
  '#92d4d8',
  '#5ebdc3',
  '#33a8b0',
  '#17939c',
  '#0b7d86',
  '#086870',
  '#07555c',
  '#05424a',
];

export const theme = createTheme({
  colors: { brand },
  primaryColor: 'brand',
  // Shade 7 in both schemes: white text on a filled button stays at 6.5:1, and links on white too.
  primaryShade: { light: 7, dark: 7 },
  // A system font stack: no download, so text never waits for a font file (and no font CDN).
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", Arial, sans-serif',
  headings: {
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", Arial, sans-serif',
    fontWeight: '750',
    sizes: {
      h1: { fontSize: 'clamp(1.75rem, 1.4rem + 1.6vw, 2.5rem)', lineHeight: '1.2' },
      h2: { fontSize: 'clamp(1.375rem, 1.2rem + 0.8vw, 1.75rem)', lineHeight: '1.25' },
      h3: { fontSize: '1.25rem', lineHeight: '1.3' },
    },
  },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    // Mantine greys a titled notification's text to gray.6 (3.3:1 on white); the dimmed variable passes AA.
    Notification: {
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
    },
    // Links inside text are underlined: in the dark scheme colour alone does not set them apart.
    Anchor: { defaultProps: { underline: 'always' } },
    Card: { defaultProps: { radius: 'lg' } },
    Paper: { defaultProps: { radius: 'lg' } },
  },
});

/**
 * Scheme-dependent colours. The semantic colours (correct, incorrect, flagged) are text colours
 * that pass 4.5:1 on the page background of their scheme; filled badges use the `-strong` ones
 * with white text in both schemes.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {
    '--pn-color-correct-strong': t.colors.teal[9] ?? '#087f5b',
    '--pn-color-incorrect-strong': t.colors.red[9] ?? '#c92a2a',
    // Mantine's orange.9 is 4.3:1 with white; this burnt orange is 5.2:1.
    '--pn-color-flagged-strong': '#c2410c',
  },
  light: {
    '--mantine-color-dimmed': t.colors.gray[7] ?? '#495057',
    // Mantine's error red (red.6) is under 4.5:1 on white.
    '--mantine-color-error': t.colors.red[9] ?? '#c92a2a',
    '--pn-color-correct': t.colors.teal[9] ?? '#087f5b',
    '--pn-color-incorrect': t.colors.red[9] ?? '#c92a2a',
    '--pn-color-flagged': '#c2410c',
    '--pn-color-surface-tint': brand[0],
  },
  dark: {
    '--mantine-color-dimmed': t.colors.gray[4] ?? '#ced4da',
    // Mantine's dark error red (red.8) is 3.6:1 on the dark body; red.4 is 6.7:1.
    '--mantine-color-error': t.colors.red[4] ?? '#ff8787',
    '--mantine-color-text': t.colors.gray[1] ?? '#f1f3f5',
    '--pn-color-correct': t.colors.teal[4] ?? '#38d9a9',
    '--pn-color-incorrect': t.colors.red[4] ?? '#ff8787',
    '--pn-color-flagged': t.colors.orange[3] ?? '#ffc078',
    '--pn-color-surface-tint': t.colors.dark[6] ?? '#2e2e2e',
  },
});
