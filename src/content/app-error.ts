/** The app's own error screen (src/components/AppErrorScreen.tsx), shown instead of a crash. */
export const appErrorCopy = {
  title: 'This page could not be shown',
  unexpected:
    'Something went wrong on our side. Press Try again; if it keeps happening, go home and start from there.',
  retry: 'Try again',
  home: 'Go Home',
} as const;
