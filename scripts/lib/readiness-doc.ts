// docs/readiness.md has two writers: `npm run cat:simulate` writes the simulation study, and
// `npm run readiness:calibration` the calibration against reported NCLEX-PN results, a section
// between markers that the simulation keeps when it rewrites the rest.
import { existsSync, readFileSync } from 'node:fs';

const START = '<!-- readiness-calibration:start -->';
const END = '<!-- readiness-calibration:end -->';

/** The calibration section of the document at `path`, markers included, or '' when it has none. */
export function calibrationSection(path: string): string {
  if (!existsSync(path)) return '';
  const doc = readFileSync(path, 'utf8');
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  return start >= 0 && end > start ? `${doc.slice(start, end + END.length)}\n` : '';
}

/** `doc` with its calibration section replaced by `body` (appended when it has none). */
export function withCalibrationSection(doc: string, body: string): string {
  const section = `${START}\n${body.trim()}\n${END}\n`;
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start >= 0 && end > start)
    return `${doc.slice(0, start)}${section}${doc.slice(end + END.length).replace(/^\n/, '')}`;
  return `${doc.trimEnd()}\n\n${section}`;
}
