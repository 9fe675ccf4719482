/** The calibration job's input: recorded responses as a JSON array or a CSV (`personId,itemId,score`). */
import type { RecordedResponse } from '../../domain/cat/calibration.ts';

/** Reads responses from JSON or CSV (by the file name's extension); throws naming the bad response. */
export function parseResponses(text: string, name: string): RecordedResponse[] {
  const rows: unknown[] = name.endsWith('.csv')
    ? text
        .split(/\r?\n/)
        .filter((line) => line.trim() !== '')
        .slice(1)
        .map((line) => {
          const [personId, itemId, score] = line.split(',').map((cell) => cell.trim());
          return { personId, itemId, score: Number(score) };
        })
    : (JSON.parse(text) as unknown[]);
  if (!Array.isArray(rows)) throw new Error(`${name}: expected an array of responses`);
  return rows.map((row, index) => {
    const r = row as Partial<RecordedResponse>;
    if (
      typeof r.personId !== 'string' ||
      typeof r.itemId !== 'string' ||
      typeof r.score !== 'number' ||
      !Number.isFinite(r.score)
    )
      throw new Error(`${name}: response ${index + 1} needs personId, itemId and a numeric score`);
    return { personId: r.personId, itemId: r.itemId, score: r.score };
  });
}
