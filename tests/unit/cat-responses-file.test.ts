import { describe, expect, it } from 'vitest';
import { parseResponses } from '../../scripts/lib/responses-file';

describe('calibration input', () => {
  it('reads a CSV with a header, skipping blank lines', () => {
    expect(parseResponses('personId,itemId,score\np1,cc-001,1\n\np2, ngn-mr-001 ,3\n', 'r.csv')).toEqual([
      { personId: 'p1', itemId: 'cc-001', score: 1 },
      { personId: 'p2', itemId: 'ngn-mr-001', score: 3 },
    ]);
  });

  it('reads a JSON array', () => {
    expect(parseResponses('[{"personId":"p1","itemId":"cc-001","score":0}]', 'r.json')).toEqual([
      { personId: 'p1', itemId: 'cc-001', score: 0 },
    ]);
  });

  it('names the response that is incomplete', () => {
    expect(() => parseResponses('personId,itemId,score\np1,cc-001,x\n', 'r.csv')).toThrow(
      /response 1 needs personId, itemId and a numeric score/,
    );
    expect(() => parseResponses('[{"personId":"p1"}]', 'r.json')).toThrow(/r.json: response 1/);
  });
});
