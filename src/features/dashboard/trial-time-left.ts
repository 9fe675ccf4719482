const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** "5 hours 12 minutes left", "12 minutes left", "less than a minute left", "ended". */
export function trialTimeLeft(ms: number): string {
  if (ms <= 0) return 'ended';
  if (ms < MINUTE) return 'less than a minute left';
  const hours = Math.floor(ms / HOUR);
  const minutes = Math.floor((ms % HOUR) / MINUTE);
  if (hours === 0) return `${plural(minutes, 'minute')} left`;
  return `${plural(hours, 'hour')} ${plural(minutes, 'minute')} left`;
}
