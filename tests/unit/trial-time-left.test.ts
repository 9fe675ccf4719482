import { describe, expect, it } from 'vitest';
import { trialTimeLeft } from '../../src/features/dashboard/trial-time-left';

const MINUTE = 60_000;

describe('trialTimeLeft', () => {
  it('says hours and minutes, dropping the hours in the last one', () => {
    expect(trialTimeLeft(23 * 60 * MINUTE + 59 * MINUTE + 30_000)).toBe('23 hours 59 minutes left');
    expect(trialTimeLeft(60 * MINUTE + MINUTE)).toBe('1 hour 1 minute left');
    expect(trialTimeLeft(12 * MINUTE)).toBe('12 minutes left');
    expect(trialTimeLeft(30_000)).toBe('less than a minute left');
    expect(trialTimeLeft(0)).toBe('ended');
  });
});
