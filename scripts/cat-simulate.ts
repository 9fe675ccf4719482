/**
 * `npm run cat:simulate`: the mock exam's simulation study. Simulated candidates of known ability
 * sit the exam through the engine (domain/cat) with the bank built from the repository's items
 * (label priors), twice: answering from the engine's own parameters, and from "true" parameters
 * off the engine's by the error of a label prior. Writes docs/readiness.md and the figures module
 * src/content/readiness-figures.ts (the method page reads its numbers from there). Seeded: a rerun
 * on the same bank gives the same figures. `--examinees N` changes the population size (default 2000).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  LABEL_PRIOR_ERROR_SD,
  LABEL_PRIOR_LOGITS,
  NCSBN_PN_PASSING_STANDARD,
  PASSING_STANDARD,
} from '../domain/cat/constants.ts';
import { seededRandom } from '../domain/cat/random.ts';
import {
  engineParameters,
  evenSpread,
  locationRmse,
  normalPopulation,
  perturbedParameters,
  type SimulationSummary,
  simulateExam,
  summarise,
} from '../domain/cat/simulation.ts';
import { loadCatBank } from './lib/cat-bank.ts';
import {
  MISSPECIFIED_SD,
  REALISTIC_MEAN,
  REALISTIC_SD,
  SIMULATION_SEEDS,
  SPREAD_WIDTH,
  TARGETS,
} from './lib/cat-simulation-plan.ts';
import { calibrationSection } from './lib/readiness-doc.ts';

const DOC = fileURLToPath(new URL('../docs/readiness.md', import.meta.url));
const FIGURES = fileURLToPath(new URL('../src/content/readiness-figures.ts', import.meta.url));

const argIndex = process.argv.indexOf('--examinees');
const examinees = argIndex > 0 ? Number(process.argv[argIndex + 1]) : 2000;

const bank = loadCatBank();
const standalone = bank.items.length;
const ngnStandalone = bank.items.filter((item) => item.id.startsWith('ngn-')).length;
const caseItems = bank.caseStudies.reduce((sum, study) => sum + study.items.length, 0);

const truths = {
  own: engineParameters(bank),
  misspecified: perturbedParameters(bank, MISSPECIFIED_SD, seededRandom(SIMULATION_SEEDS.truth)),
};
const populations = {
  even: evenSpread(examinees, PASSING_STANDARD, SPREAD_WIDTH),
  realistic: normalPopulation(
    examinees,
    REALISTIC_MEAN,
    REALISTIC_SD,
    seededRandom(SIMULATION_SEEDS.population),
  ),
};

type RunKey = `${keyof typeof truths}-${keyof typeof populations}`;
const summaries = {} as Record<RunKey, SimulationSummary & { seconds: number }>;
for (const truthKey of ['own', 'misspecified'] as const) {
  for (const populationKey of ['even', 'realistic'] as const) {
    const started = Date.now();
    const random = seededRandom(SIMULATION_SEEDS.exams);
    const exams = populations[populationKey].map((theta) =>
      simulateExam(theta, bank, truths[truthKey], random),
    );
    const seconds = (Date.now() - started) / 1000;
    summaries[`${truthKey}-${populationKey}`] = { ...summarise(exams), seconds };
    console.log(
      `${truthKey} parameters, ${populationKey} population: ${exams.length} exams in ${seconds.toFixed(1)} s`,
    );
  }
}
const misspecifiedRmse = locationRmse(bank, truths.misspecified);

// ——— The document ———
const pct = (value: number | null, digits = 1) =>
  value === null ? '—' : `${(100 * value).toFixed(digits)} %`;
const num = (value: number, digits = 3) => value.toFixed(digits);

interface TargetCheck {
  id: keyof typeof TARGETS;
  label: string;
  met: (s: SimulationSummary) => boolean;
  show: (s: SimulationSummary) => string;
}
const checks: TargetCheck[] = [
  {
    id: 'accuracyEven',
    label: `Accuracy, even spread (≥ ${TARGETS.accuracyEven.min})`,
    met: (s) => s.accuracy >= TARGETS.accuracyEven.min,
    show: (s) => num(s.accuracy),
  },
  {
    id: 'accuracyBeyondHalf',
    label: `Accuracy beyond 0.5 logit of the cut (≥ ${TARGETS.accuracyBeyondHalf.min})`,
    met: (s) => (s.accuracyBeyondHalf ?? 0) >= TARGETS.accuracyBeyondHalf.min,
    show: (s) => num(s.accuracyBeyondHalf ?? 0),
  },
  {
    id: 'bandCoverage',
    label: `Coverage of the true ability by the 95 % band (${TARGETS.bandCoverage.min}–${TARGETS.bandCoverage.max})`,
    met: (s) => s.bandCoverage >= TARGETS.bandCoverage.min && s.bandCoverage <= TARGETS.bandCoverage.max,
    show: (s) => num(s.bandCoverage),
  },
  {
    id: 'content',
    label: 'Exams outside a test-plan range (0)',
    met: (s) => s.examsOutsideContentRanges === 0,
    show: (s) => String(s.examsOutsideContentRanges),
  },
  {
    id: 'exposure',
    label: `Highest item exposure (≤ ${TARGETS.exposure.max})`,
    met: (s) => s.maxExposure.rate <= TARGETS.exposure.max,
    show: (s) => `${num(s.maxExposure.rate)} (${s.maxExposure.itemId})`,
  },
];

const runs: Array<[RunKey, string]> = [
  ['own-even', 'A. Engine’s own parameters — even spread'],
  ['misspecified-even', 'B. “True” parameters off by label-prior error — even spread'],
  ['own-realistic', 'A. Engine’s own parameters — realistic population'],
  ['misspecified-realistic', 'B. “True” parameters off — realistic population'],
];
const evenRuns: RunKey[] = ['own-even', 'misspecified-even'];

function detail(key: RunKey, title: string): string {
  const s = summaries[key];
  return [
    `### ${title}`,
    '',
    `| Figure | Value |`,
    `|---|---|`,
    `| Examinees | ${s.examinees} (truly above the cut: ${pct(s.truePassShare)}; passed: ${pct(s.passShare)}) |`,
    `| Classification accuracy | ${num(s.accuracy)} |`,
    `| … within ±0.25 logit of the cut | ${s.accuracyNearCut === null ? '—' : num(s.accuracyNearCut)} (${s.nearCutCount} examinees) |`,
    `| … beyond 0.5 logit from the cut | ${s.accuracyBeyondHalf === null ? '—' : num(s.accuracyBeyondHalf)} (${s.beyondHalfCount} examinees) |`,
    `| False-pass rate (of those truly at or below the cut) | ${pct(s.falsePassRate, 2)} |`,
    `| False-fail rate (of those truly above the cut) | ${pct(s.falseFailRate, 2)} |`,
    `| Test length min / median / p90 / max (mean) | ${s.length.min} / ${s.length.median} / ${s.length.p90} / ${s.length.max} (${s.length.mean.toFixed(1)}) |`,
    `| Ended by 95 % confidence / maximum length / time | ${pct(s.endedBy.confidence / s.examinees)} / ${pct(s.endedBy['maximum-length'] / s.examinees)} / ${pct(s.endedBy.time / s.examinees)} |`,
    `| 95 % band held the true ability | ${num(s.bandCoverage)} |`,
    `| Highest item exposure | ${num(s.maxExposure.rate)} (${s.maxExposure.itemId}) |`,
    `| Exams with a client-need share (of scored items) outside its range | ${s.examsOutsideContentRanges} |`,
    '',
    '| Client need | Test-plan range | Lowest share in an exam | Highest share | Exams outside |',
    '|---|---|---|---|---|',
    ...s.content.map(
      (c) =>
        `| ${c.category} | ${c.min}–${c.max} % | ${c.lowest.toFixed(1)} % | ${c.highest.toFixed(1)} % | ${c.outside} |`,
    ),
    '',
  ].join('\n');
}

const missed = evenRuns.flatMap((key) =>
  checks.filter((check) => !check.met(summaries[key])).map((check) => ({ key, check })),
);
const missedText =
  missed.length === 0
    ? 'Every target is met in both runs.'
    : missed
        .map(
          ({ key, check }) =>
            `- **${check.label}, run ${key.startsWith('own') ? 'A' : 'B'}: ${check.show(summaries[key])}.** ${TARGETS[check.id].whenMissed}`,
        )
        .join('\n');

const doc = `# Readiness estimate: the simulation study

<!-- GENERATED by \`npm run cat:simulate\` (scripts/cat-simulate.ts); do not edit. -->

How well does the mock exam's pass/fail call match a candidate's true ability? Simulated candidates
of known ability sat the exam through the same engine the server runs (\`domain/cat\`), on the bank
built from this repository's items. Method and sources: docs/decisions/160-cat-engine-and-sources.md,
161-item-parameters-and-calibration.md, 162-readiness-simulation.md.

**Our logits are not NCSBN's.** The passing standard of ${NCSBN_PN_PASSING_STANDARD} logits is NCSBN's, on NCSBN's
scale. Our scale's origin is set by our writers' difficulty labels (medium = 0), and the cut on our
scale is NCSBN's number placed there provisionally. Until our items are calibrated from recorded
responses and linked to students' reported NCLEX results, an estimate is **provisional**: the
figures below say how well the exam classifies candidates *against our cut on our scale*, not how
well it predicts the NCLEX.

## Set-up

- **Bank:** ${standalone} stand-alone items (${standalone - ngnStandalone} multiple-choice, ${ngnStandalone} NGN) and ${bank.caseStudies.length} case studies (${caseItems} items).
  Every item on its label prior: easy ${LABEL_PRIOR_LOGITS.easy}, medium ${LABEL_PRIOR_LOGITS.medium}, hard +${LABEL_PRIOR_LOGITS.hard} logits; NGN items' thresholds spaced binomially around that.
- **Exam:** NCSBN's rules — 85–150 items, 15 unscored pretest items, 3 case studies, content-balanced to
  the test plan, stop by 95 % confidence, maximum length or time; cut ${PASSING_STANDARD} on our scale.
  The simulated candidates have no clock, so no exam ends by time (the rule is unit-tested).
- **Populations** (${examinees} examinees each): *even spread* — abilities evenly over the cut ± ${SPREAD_WIDTH} logits, where
  classification is hard; *realistic* — N(${REALISTIC_MEAN}, ${REALISTIC_SD}²), which puts ${pct(summaries['own-realistic'].truePassShare, 0)} of candidates above the cut,
  between NCSBN's all-candidate PN pass rates of 74.5 % (2023) and 79.1 % (2024); SD 1 logit is an assumption
  (NCSBN does not publish the ability spread).
- **Run A** answers from the engine's own parameters. **Run B** answers from "true" parameters: each item's
  thresholds shifted by a draw from N(0, ${MISSPECIFIED_SD}²) (realised RMS difference of item locations: ${num(misspecifiedRmse)} logit),
  the error of a label prior (at least ${LABEL_PRIOR_ERROR_SD} logit: the spread of true difficulties inside one label, before any mislabelling).
- Seeds: exams ${SIMULATION_SEEDS.exams}, population ${SIMULATION_SEEDS.population}, true parameters ${SIMULATION_SEEDS.truth}.

## Targets (even spread)

| Target | Run A | Run B |
|---|---|---|
${checks.map((check) => `| ${check.label} | ${check.met(summaries['own-even']) ? '✅' : '❌'} ${check.show(summaries['own-even'])} | ${check.met(summaries['misspecified-even']) ? '✅' : '❌'} ${check.show(summaries['misspecified-even'])} |`).join('\n')}

${missedText}

## Figures

${runs.map(([key, title]) => detail(key, title)).join('\n')}
## What the figures do not say

- They assume the Rasch/partial-credit model holds. Real items differ in discrimination and NGN score
  points within an item depend on each other; both make the reported band too narrow (coverage falls first).
- Run B's errors are independent per item. A shift of the whole scale — our "medium" not sitting where
  NCSBN's cut assumes — moves every decision by the same amount; no simulation on our own scale can show
  it. Only calibration against the NCLEX results students report after a mock can.
- Exposure is measured with every item on a three-valued prior, where ties spread exposure widely; once
  items carry calibrated difficulties the nearest items repeat more and the figure must be measured again.
`;

// The calibration section is `npm run readiness:calibration`'s: kept as it is.
writeFileSync(DOC, `${doc}\n${calibrationSection(DOC)}`.trimEnd().concat('\n'));

const figures = (key: RunKey) => {
  const s = summaries[key];
  return {
    accuracy: Number(num(s.accuracy)),
    accuracyNearCut: s.accuracyNearCut === null ? null : Number(num(s.accuracyNearCut)),
    accuracyBeyondHalf: s.accuracyBeyondHalf === null ? null : Number(num(s.accuracyBeyondHalf)),
    falsePassRate: s.falsePassRate === null ? null : Number(s.falsePassRate.toFixed(4)),
    falseFailRate: s.falseFailRate === null ? null : Number(s.falseFailRate.toFixed(4)),
    bandCoverage: Number(num(s.bandCoverage)),
    medianLength: s.length.median,
    maxExposure: Number(num(s.maxExposure.rate)),
    examsOutsideContentRanges: s.examsOutsideContentRanges,
  };
};
const module = `// GENERATED by \`npm run cat:simulate\` (scripts/cat-simulate.ts) from the run in docs/readiness.md; do not edit.
// The "How readiness is estimated" page reads its figures from here (one place for each figure).
export const READINESS_SIMULATION = ${JSON.stringify(
  {
    examinees,
    spreadWidth: SPREAD_WIDTH,
    realistic: { mean: REALISTIC_MEAN, sd: REALISTIC_SD },
    misspecifiedRmse: Number(num(misspecifiedRmse)),
    ownParameters: { even: figures('own-even'), realistic: figures('own-realistic') },
    misspecified: { even: figures('misspecified-even'), realistic: figures('misspecified-realistic') },
  },
  null,
  2,
)} as const;
`;
writeFileSync(FIGURES, module);
// Written in the repository's code style, so `npm run lint` passes on the generated module.
execFileSync(
  fileURLToPath(new URL('../node_modules/.bin/biome', import.meta.url)),
  ['format', '--write', FIGURES],
  {
    stdio: 'ignore',
  },
);
console.log(`wrote docs/readiness.md and src/content/readiness-figures.ts`);
for (const { key, check } of missed)
  console.log(`missed: ${check.label} (${key}): ${check.show(summaries[key])}`);
