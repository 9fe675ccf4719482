import { Text, VisuallyHidden } from '@mantine/core';

/** Minutes left at which a screen reader hears how much time is left (a timer itself is not read aloud). */
const ANNOUNCED_MINUTES = [30, 10, 5, 1] as const;

/** `h:mm:ss` from an hour up (or always, with `hours`), `m:ss` below it. */
export function clockText(ms: number, { hours = false }: { hours?: boolean } = {}): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 || hours ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * "10 minutes left" during the minute after the clock passes a milestone, else '': a polite status
 * says it once when it appears, and says nothing when it empties (nor for a page opened between
 * milestones, which would otherwise hear a figure that is no longer the time left).
 */
export function milestoneText(ms: number): string {
  const minutes = ms / 60_000;
  const passed = ANNOUNCED_MINUTES.find((m) => minutes <= m && minutes > m - 1);
  if (passed === undefined) return '';
  return passed === 1 ? '1 minute left' : `${passed} minutes left`;
}

/**
 * The countdown of a timed test or the mock exam: the clock as a timer (not live, so it is not read
 * every second), and a polite status that tells a screen-reader user when 30, 10, 5 and 1 minutes
 * are left.
 */
export function TimeLeft({
  ms,
  label,
  testId,
  hours = false,
}: {
  ms: number;
  label: string;
  testId: string;
  /** Always show the hours (the mock exam's five-hour clock). */
  hours?: boolean;
}) {
  const clock = clockText(ms, { hours });
  return (
    <>
      <Text role="timer" aria-label={`${label} ${clock}`}>
        {label}{' '}
        <Text span fw={700} ff="monospace" data-testid={testId}>
          {clock}
        </Text>
      </Text>
      <VisuallyHidden role="status">{milestoneText(ms)}</VisuallyHidden>
    </>
  );
}
