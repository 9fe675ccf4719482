/**
 * The mock exam's bank built from the repository's items through the bank loaders: every
 * multiple-choice question (1 point), every stand-alone NGN item and every case study (their
 * points from domain/ngn-scoring.ts), each with its label prior (domain/cat/parameters.ts) unless a
 * calibrated parameter table gives its thresholds.
 */

import type { CatBank } from '../../domain/cat/bank.ts';
import {
  type ItemParameters,
  isDifficultyLabel,
  priorParameters,
  toCatItem,
} from '../../domain/cat/parameters.ts';
import type { ClientNeed } from '../../domain/client-needs.ts';
import type { NgnItem } from '../../domain/ngn-items.ts';
import { maxPoints, scoringKeyOf } from '../../domain/ngn-scoring.ts';
import { loadNgnBank } from '../../server/db/ngn-bank.ts';
import { loadBank } from '../../server/db/question-bank.ts';

export interface BankItemInfo {
  id: string;
  category: ClientNeed;
  /** The prior row: label location, one threshold per point. */
  prior: ItemParameters;
}

function prior(id: string, difficulty: string, maxScore: number): ItemParameters {
  if (!isDifficultyLabel(difficulty)) throw new Error(`${id}: unknown difficulty label "${difficulty}"`);
  return priorParameters(id, difficulty, maxScore);
}

const ngnInfo = (item: NgnItem): BankItemInfo => ({
  id: item.id,
  category: item.category as ClientNeed,
  prior: prior(item.id, item.difficulty, maxPoints(scoringKeyOf(item))),
});

/** Every item of the repository's banks with its prior, and the case studies' item ids. */
export function loadCatItems(): {
  standalone: BankItemInfo[];
  caseStudies: Array<{ id: string; items: BankItemInfo[] }>;
} {
  const questions = loadBank().map(
    (q): BankItemInfo => ({
      id: q.id,
      category: q.category as ClientNeed,
      prior: prior(q.id, q.difficulty, 1),
    }),
  );
  const ngn = loadNgnBank();
  return {
    standalone: [...questions, ...ngn.items.map(ngnInfo)],
    caseStudies: ngn.cases.map((study) => ({ id: study.id, items: study.items.map(ngnInfo) })),
  };
}

/** The engine's bank: calibrated rows where `calibrated` has them, label priors elsewhere. */
export function loadCatBank(calibrated: readonly ItemParameters[] = []): CatBank {
  const table = new Map(calibrated.map((row) => [row.id, row]));
  const toItem = (info: BankItemInfo) => toCatItem(info.category, table.get(info.id) ?? info.prior);
  const { standalone, caseStudies } = loadCatItems();
  return {
    items: standalone.map(toItem),
    caseStudies: caseStudies.map((study) => ({ id: study.id, items: study.items.map(toItem) })),
  };
}
