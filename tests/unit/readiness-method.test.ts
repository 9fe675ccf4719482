// The public method page and docs/readiness.md come from one simulation run: the figures module
// the page reads and the document the run wrote must agree, and the page must say the scale is
// provisional and whose passing standard −0.18 is.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { READINESS_SIMULATION } from '../../src/content/readiness-figures';
import { readinessMethod } from '../../src/content/readiness-method';

const doc = readFileSync(new URL('../../docs/readiness.md', import.meta.url), 'utf8');
const pageText = readinessMethod.sections.flatMap((s) => s.paragraphs).join('\n');

describe('"How readiness is estimated"', () => {
  it('shows the figures of the run recorded in docs/readiness.md', () => {
    const targetRow = (label: string) => doc.split('\n').find((line) => line.startsWith(`| ${label}`)) ?? '';
    const accuracy = targetRow('Accuracy, even spread');
    expect(accuracy).toContain(READINESS_SIMULATION.ownParameters.even.accuracy.toFixed(3));
    expect(accuracy).toContain(READINESS_SIMULATION.misspecified.even.accuracy.toFixed(3));
    const coverage = targetRow('Coverage of the true ability');
    expect(coverage).toContain(READINESS_SIMULATION.ownParameters.even.bandCoverage.toFixed(3));
    expect(coverage).toContain(READINESS_SIMULATION.misspecified.even.bandCoverage.toFixed(3));
    expect(doc).toContain(`(${READINESS_SIMULATION.examinees} examinees each)`);
    expect(pageText).toContain(`${(100 * READINESS_SIMULATION.ownParameters.even.accuracy).toFixed(1)}%`);
  });

  it("states −0.18 as NCSBN's, and that our scale is not NCSBN's until calibrated", () => {
    expect(pageText).toContain("NCSBN's passing standard for the NCLEX-PN is -0.18 logits on NCSBN's scale");
    expect(pageText).toContain("Our logits are not NCSBN's");
    expect(pageText).toContain('provisional');
    expect(doc).toContain("**Our logits are not NCSBN's.**");
  });
});
