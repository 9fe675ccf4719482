import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { useMounted } from '@mantine/hooks';

/**
 * Dark mode on or off. Until the student presses it, the scheme follows the device; pressing it
 * stores the choice (Mantine's local-storage manager), and index.html's head script applies the
 * stored choice before the first paint.
 */
export function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  // Read in an effect so a prerendered page and the first client render agree.
  const dark = useComputedColorScheme('light', { getInitialValueInEffect: true }) === 'dark';
  // A prerendered page shows the button before the app runs; data-ready says it now responds.
  const mounted = useMounted();
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label="Dark mode"
      aria-pressed={dark}
      onClick={() => setColorScheme(dark ? 'light' : 'dark')}
      data-testid="color-scheme-toggle"
      data-ready={mounted || undefined}
    >
      {dark ? <SunIcon /> : <MoonIcon />}
    </ActionIcon>
  );
}

function MoonIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z" fill="currentColor" />
    </svg>
  );
}

function SunIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="4.5" fill="currentColor" />
      <path
        d="M12 2v2.5M12 19.5V22M2 12h2.5M19.5 12H22M4.9 4.9l1.8 1.8M17.3 17.3l1.8 1.8M4.9 19.1l1.8-1.8M17.3 6.7l1.8-1.8"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}
