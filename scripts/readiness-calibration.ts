/**
 * `npm run readiness:calibration -- [reports.json] [--database-url <url>]`
 *
 * How well the mock exam's pass probability predicts the real NCLEX-PN
 * (domain/cat/readiness-calibration.ts): for every student who recorded their result on /results,
 * the probability of their last mock exam finished on or before the exam date, against the result.
 * Prints the count, the Brier score and the reliability table, and writes them as the calibration
 * section of docs/readiness.md; below MIN_REPORTS_TO_PUBLISH reports it says there are not yet
 * enough instead of publishing figures that are noise.
 *
 * The reports come from the database (`--database-url`, or DATABASE_URL: a service-role connection
 * to production, which reads every student's rows) or from a JSON file exported with the same
 * query, `[{ exams: [{ finishedAt, passProbability }], result: { takenOn, passed } }]`. With neither,
 * there are no reports to count, and the section says so.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  type CalibrationSummary,
  calibrationOf,
  MIN_REPORTS_TO_PUBLISH,
  type MockPrediction,
  outcomesOf,
  type ReportedResult,
} from '../domain/cat/readiness-calibration.ts';
import { withCalibrationSection } from './lib/readiness-doc.ts';

const DOC = fileURLToPath(new URL('../docs/readiness.md', import.meta.url));

type Student = { exams: MockPrediction[]; result: ReportedResult };

/** Every recorded result with the student's finished mock exams (the export query). */
const REPORTS_QUERY = `
  select json_build_object('passed', r.passed, 'takenOn', to_char(r.taken_on, 'YYYY-MM-DD')) as result,
         coalesce(json_agg(json_build_object('finishedAt', e.finished_at, 'passProbability', e.pass_probability))
                  filter (where e.id is not null), '[]'::json) as exams
    from public.nclex_results r
    left join public.mock_exams e on e.user_id = r.user_id and e.status = 'finished'
   group by r.user_id, r.passed, r.taken_on`;

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index > 0 ? process.argv[index + 1] : undefined;
}

async function load(): Promise<{ students: Student[]; source: string }> {
  const file = process.argv
    .slice(2)
    .find((arg, i, all) => !arg.startsWith('--') && all[i - 1] !== '--database-url');
  if (file)
    return { students: JSON.parse(readFileSync(file, 'utf8')) as Student[], source: `the export ${file}` };
  const url = option('--database-url') ?? process.env.DATABASE_URL;
  if (!url)
    return { students: [], source: 'no data source (neither a file nor --database-url / DATABASE_URL)' };
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<Student>(REPORTS_QUERY);
    return { students: rows, source: 'the database' };
  } finally {
    await client.end();
  }
}

const pct = (value: number | null) => (value === null ? '—' : `${(100 * value).toFixed(1)} %`);

function sectionText(summary: CalibrationSummary, source: string, date: string): string {
  const head = [
    '## Calibration against reported NCLEX-PN results',
    '',
    `Written by \`npm run readiness:calibration\` on ${date} from ${source}. For each student who recorded`,
    'their NCLEX-PN result on /results: the pass probability of their last mock exam finished on or before',
    'the exam date, against the result.',
    '',
  ];
  if (summary.count < MIN_REPORTS_TO_PUBLISH) {
    return [
      ...head,
      `There are not yet enough reports to publish a calibration: ${summary.count} of the ${MIN_REPORTS_TO_PUBLISH} needed.`,
      'Until there are, the readiness report calls every estimate provisional.',
    ].join('\n');
  }
  return [
    ...head,
    `Reports: ${summary.count}. Brier score: ${summary.brierScore?.toFixed(4)} (0 is perfect; always saying 50 % scores 0.25).`,
    '',
    '| Predicted probability | Reports | Mean prediction | Observed pass rate |',
    '|---|---|---|---|',
    ...summary.bins.map(
      (bin) =>
        `| ${pct(bin.from)}–${pct(bin.to)} | ${bin.count} | ${pct(bin.meanPredicted)} | ${pct(bin.observedPassRate)} |`,
    ),
  ].join('\n');
}

const { students, source } = await load();
const summary = calibrationOf(outcomesOf(students));
const text = sectionText(summary, source, new Date().toISOString().slice(0, 10));
console.log(text);
writeFileSync(DOC, withCalibrationSection(readFileSync(DOC, 'utf8'), text));
console.error(`wrote the calibration section of docs/readiness.md (${summary.count} reports)`);
