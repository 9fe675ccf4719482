/**
 * `npm run calibrate -- <responses.json|responses.csv> [--previous <parameters.json>] [--out <parameters.json>]`
 *
 * Estimates item parameters from recorded responses (domain/cat/calibration.ts) for the mock
 * exam's bank. Responses: a JSON array of { personId, itemId, score } or a CSV with the header
 * `personId,itemId,score`. Items with fewer than MIN_RESPONSES_TO_CALIBRATE responses keep their
 * label prior (or their row in --previous, a table written by an earlier run, whose calibrated items
 * anchor the scale). Writes the parameter table (one row per bank item: thresholds, source,
 * responses, location error) to --out, or prints it. The database export feeding it is a later step.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { calibrate } from '../domain/cat/calibration.ts';
import { MIN_RESPONSES_TO_CALIBRATE } from '../domain/cat/constants.ts';
import type { ItemParameters } from '../domain/cat/parameters.ts';
import { loadCatItems } from './lib/cat-bank.ts';
import { parseResponses } from './lib/responses-file.ts';

function usage(message: string): never {
  console.error(
    `${message}\nUsage: npm run calibrate -- <responses.json|.csv> [--previous <parameters.json>] [--out <file>]`,
  );
  process.exit(2);
}

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : undefined;
}

const input = process.argv[2];
if (!input || input.startsWith('--')) usage('No responses file given.');
const responses = parseResponses(readFileSync(input, 'utf8'), input);
const previousFile = option('--previous');
const previous = new Map(
  previousFile
    ? (JSON.parse(readFileSync(previousFile, 'utf8')) as ItemParameters[]).map((row) => [row.id, row])
    : [],
);
const { standalone, caseStudies } = loadCatItems();
const table = [...standalone, ...caseStudies.flatMap((study) => study.items)].map(
  (info) => previous.get(info.id) ?? info.prior,
);
const result = calibrate(table, responses);
const calibrated = result.parameters.filter((row) => row.source === 'calibrated').length;
const out = option('--out');
const json = `${JSON.stringify(result.parameters, null, 2)}\n`;
if (out) writeFileSync(out, json);
else process.stdout.write(json);
console.error(
  `${responses.length} responses from ${result.abilities.size} persons; ${calibrated} of ${table.length} items calibrated ` +
    `(≥ ${MIN_RESPONSES_TO_CALIBRATE} responses each), the rest on their label prior; last change ${result.lastChange.toExponential(1)} logit.`,
);
