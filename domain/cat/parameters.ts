/**
 * Item parameters and where they come from. Every item starts on a prior from its writer's
 * difficulty label (constants.ts: LABEL_PRIOR_LOGITS); once it has MIN_RESPONSES_TO_CALIBRATE
 * recorded responses the calibration (calibration.ts) replaces the prior with an estimate.
 *
 * A prior for an item scored 0..m: the location b from the label, thresholds
 * δk = b + ln(k / (m − k + 1)), k = 1..m. These are the thresholds at which the PCM score is
 * binomial(m, p) with p the Rasch chance at b — as if each score point were its own 0/1 item of
 * difficulty b. For m = 1 it is the Rasch item b. It is an upper bound on the information of
 * the item (points of one item depend on each other); calibration replaces it.
 */
import type { ClientNeed } from '../client-needs';
import type { CatItem, ParameterSource } from './bank';
import {
  type DifficultyLabel,
  LABEL_PRIOR_ERROR_SD,
  LABEL_PRIOR_LOGITS,
  MIN_RESPONSES_TO_CALIBRATE,
} from './constants';

/** One row of the parameter table: an item's thresholds, their source and the data behind them. */
export interface ItemParameters {
  id: string;
  thresholds: number[];
  source: ParameterSource;
  /** Recorded responses the thresholds were estimated from (0 for a label prior). */
  responses: number;
  /** The standard error of the item's location (LABEL_PRIOR_ERROR_SD for a label prior). */
  locationError: number;
}

export function isDifficultyLabel(value: string): value is DifficultyLabel {
  return Object.hasOwn(LABEL_PRIOR_LOGITS, value);
}

/** The prior location of an item from its label. */
export function labelLocation(label: DifficultyLabel): number {
  return LABEL_PRIOR_LOGITS[label];
}

/** Prior thresholds for an item worth `maxScore` points at location b (binomial spacing). */
export function priorThresholds(location: number, maxScore: number): number[] {
  if (!Number.isInteger(maxScore) || maxScore < 1) throw new Error(`An item is worth at least 1 point.`);
  return Array.from({ length: maxScore }, (_, i) => location + Math.log((i + 1) / (maxScore - i)));
}

/** The label prior row of an item. */
export function priorParameters(id: string, label: DifficultyLabel, maxScore: number): ItemParameters {
  return {
    id,
    thresholds: priorThresholds(labelLocation(label), maxScore),
    source: 'label-prior',
    responses: 0,
    locationError: LABEL_PRIOR_ERROR_SD,
  };
}

/** Whether an item has enough responses for its estimate to replace its prior. */
export function canCalibrate(responses: number): boolean {
  return responses >= MIN_RESPONSES_TO_CALIBRATE;
}

/** An engine item from its client need and its parameter row. */
export function toCatItem(category: ClientNeed, parameters: ItemParameters): CatItem {
  return {
    id: parameters.id,
    category,
    thresholds: parameters.thresholds,
    source: parameters.source,
    locationError: parameters.locationError,
  };
}
