/** Whole-percent accuracy as text, or a dash when nothing was answered. */
export function percentText(value: number | null): string {
  return value === null ? '–' : `${value}%`;
}

/** A set's date and time in the student's locale. */
export function setDate(iso: string): string {
  return new Date(iso).toLocaleString(undefined, {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}
