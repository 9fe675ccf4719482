import { describe, expect, it } from 'vitest';
import { clockText, milestoneText } from '../../src/components/TimeLeft';

describe('the countdown text', () => {
  it('shows m:ss under an hour and h:mm:ss from an hour up, or always with hours', () => {
    expect(clockText(800_000)).toBe('13:20');
    expect(clockText(6_800_000)).toBe('1:53:20');
    expect(clockText(59_000, { hours: true })).toBe('0:00:59');
    // A part-second left still shows as a second; nothing below zero.
    expect(clockText(400)).toBe('0:01');
    expect(clockText(-5_000)).toBe('0:00');
  });

  it('names a milestone during the minute after the clock passes it (30, 10, 5, 1), else nothing', () => {
    expect(milestoneText(31 * 60_000)).toBe('');
    expect(milestoneText(30 * 60_000)).toBe('30 minutes left');
    expect(milestoneText(29 * 60_000 + 1)).toBe('30 minutes left');
    // Between milestones (a page opened with 13 minutes left) it says nothing rather than "30".
    expect(milestoneText(13 * 60_000)).toBe('');
    expect(milestoneText(10 * 60_000 - 1)).toBe('10 minutes left');
    expect(milestoneText(4.5 * 60_000)).toBe('5 minutes left');
    expect(milestoneText(4 * 60_000)).toBe('');
    expect(milestoneText(59_000)).toBe('1 minute left');
    expect(milestoneText(0)).toBe('');
  });
});
