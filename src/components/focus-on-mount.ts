/**
 * A stable ref callback that moves focus to an element when it mounts. Stable on purpose: React
 * calls a new inline ref on every render, which would pull focus back on every answer.
 */
export function focusOnMount(element: HTMLElement | null): void {
  element?.focus();
}
