// The exhibit checker (scripts/lib/exhibit-check.ts, run by `npm run bank:check`): the bank and the
// drafts pass, and each rule catches the record that breaks it, including the two faults the cold
// review found in ngn-cs-13 (a nifedipine dose off its 6-hour schedule) and the kinds of slips it
// found elsewhere (a midnight crossed without a day, a tab the stem names but the record lacks).
import { describe, expect, it } from 'vitest';
import type { ExhibitTab, NgnItem } from '../../domain/ngn-items.ts';
import { checkExhibits, draftNgnItems, stampOf, sumProblems } from '../../scripts/lib/exhibit-check.ts';
import { allNgnItems, loadNgnBank } from '../../scripts/lib/ngn-bank.ts';

function item(
  exhibit: ExhibitTab[],
  stem = 'Which findings require follow-up? Select all that apply.',
  rationale = 'x'.repeat(90),
): NgnItem {
  return {
    id: 'ngn-mr-999',
    type: 'multiple-response',
    category: 'Physiological Adaptation',
    step: 'recognize-cues',
    setting: 'med-surg',
    difficulty: 'medium',
    topic: 'test',
    trend: false,
    exhibit,
    stem,
    rationale,
    select: 'all',
    options: [
      { id: 'a', text: 'Total 1,050 mL', correct: true },
      { id: 'b', text: 'b', correct: true },
      { id: 'c', text: 'c', correct: false },
      { id: 'd', text: 'd', correct: false },
      { id: 'e', text: 'e', correct: false },
    ],
  };
}

const vitals = (rows: string[][]): ExhibitTab => ({
  tab: 'Vital Signs',
  table: { columns: ['Time', 'Pulse', 'Blood pressure'], rows },
});

describe('the exhibit checker', () => {
  it('passes every bank item and every draft', () => {
    const problems = checkExhibits([...allNgnItems(loadNgnBank()), ...draftNgnItems()]);
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('reads the day and time an entry starts with', () => {
    expect(stampOf('Day 2 0600 Alert')).toMatchObject({ day: 2, minutes: 360 });
    expect(stampOf('Week 2 Monday 0900')).toMatchObject({ day: 14, minutes: 540 });
    expect(stampOf('1430 — Resting')).toMatchObject({ day: null, minutes: 870 });
    expect(stampOf('2400')).toBe('bad-time');
    expect(stampOf('Hemoglobin')).toBeNull();
  });

  it('wants times in order, within one day unless the day is named', () => {
    const overnight = item([
      vitals([
        ['2200', '80/min', '120/80 mm Hg'],
        ['0200', '82/min', '118/78 mm Hg'],
      ]),
    ]);
    expect(checkExhibits([overnight]).join()).toMatch(
      /"0200" comes after "2200" \(times past midnight need the day named\)/,
    );
    const named = item([
      vitals([
        ['Day 1 2200', '80/min', '120/80 mm Hg'],
        ['Day 2 0200', '82/min', '118/78 mm Hg'],
      ]),
    ]);
    expect(checkExhibits([named])).toEqual([]);
    const backwards = item([{ tab: "Nurses' Notes", text: 'Day 1 1100 Alert.\nDay 1 1000 Drowsy.' }]);
    expect(checkExhibits([backwards]).join()).toMatch(/"Day 1 1000" comes after "Day 1 1100"/);
    expect(checkExhibits([item([vitals([['2400', '80/min', '120/80 mm Hg']])])]).join()).toMatch(
      /not a 24-hour time/,
    );
  });

  it('reads a time that starts a sentence inside a note line, not a quantity', () => {
    // ngn-mx-006 had "Day 1 1730 … forehead. 0000 Swelling unchanged …" on one line: day 2 unnamed.
    const midLine = item([
      {
        tab: "Nurses' Notes",
        text: 'Day 1 1730 Admitted after a fall. 0000 Swelling unchanged. Vomited twice.',
      },
    ]);
    expect(checkExhibits([midLine]).join()).toMatch(/"0000" comes after "Day 1 1730"/);
    const named = item([
      { tab: "Nurses' Notes", text: 'Day 1 1730 Admitted after a fall. Day 2 0000 Swelling unchanged.' },
    ]);
    expect(checkExhibits([named])).toEqual([]);
    const quantity = item([{ tab: "Nurses' Notes", text: '1400 Drank well. 1000 mL taken since 0800.' }]);
    expect(checkExhibits([quantity])).toEqual([]);
  });

  it('wants nothing in the exhibit timed after the moment the stem sets the item at (the ngn-cs-17-2 fault)', () => {
    const notes: ExhibitTab = {
      tab: "Nurses' Notes",
      text: 'Day 1 0700 Alert.\nDay 1 1400 Third watery stool since 0600.\nDay 1 1430 Reported to the RN.',
    };
    const orders: ExhibitTab = {
      tab: 'Orders',
      text: 'On admission\n- Loperamide as needed.\nDay 1 1430\n- Stool test.',
    };
    const problems = checkExhibits([
      item([notes, orders], 'At 1400 on day 1, the PN considers the findings.'),
    ]);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/Nurses' Notes.*"Day 1 1430" is after the moment/);
    expect(problems[1]).toMatch(/Orders.*"Day 1 1430" is after the moment/);
    // Set after the report, or on the day as a whole, the same record is known.
    expect(checkExhibits([item([notes, orders], 'It is 1500 on day 1. Which actions?')])).toEqual([]);
    expect(checkExhibits([item([notes, orders], 'On day 1, the PN reviews the record.')])).toEqual([]);
    // A later day's results column,, and an earlier event named in the stem, which does not set the moment.
    const labs: ExhibitTab = {
      tab: 'Laboratory Results',
      table: { columns: ['Test', 'Day 1 0800', 'Day 2 0600'], rows: [['Sodium', '139 mEq/L', '133 mEq/L']] },
    };
    expect(checkExhibits([item([labs], 'On day 1, which findings require follow-up?')])).toHaveLength(1);
    expect(
      checkExhibits([item([labs], 'Admitted at 0700 on day 1. At 0700 on day 2, which findings?')]),
    ).toEqual([]);
    // No stated moment: nothing to compare.
    expect(checkExhibits([item([notes, orders])])).toEqual([]);
  });

  it('wants every tab and column the stem names to exist', () => {
    const noTab = item(
      [vitals([['0800', '80/min', '120/80 mm Hg']])],
      'The PN reviews the Orders. Which actions are appropriate?',
    );
    expect(checkExhibits([noTab]).join()).toMatch(/names the Orders tab/);
    const noColumn = item(
      [vitals([['0800', '80/min', '120/80 mm Hg']])],
      'Look at the SpO2 column. Which findings require follow-up?',
    );
    expect(checkExhibits([noColumn]).join()).toMatch(/names the "SpO2" column/);
    const lowerCase = item(
      [],
      'The PN reviews the morning vital signs and orders. Which findings require follow-up?',
    );
    expect(checkExhibits([lowerCase])).toEqual([]);
  });

  it('wants a unit on every measurement, in tables and in text', () => {
    const table = item([vitals([['0800', '80', '120/80']])]);
    expect(checkExhibits([table])).toEqual([
      'ngn-mr-999: tab "Vital Signs": pulse "80" (row "0800") has no unit',
      'ngn-mr-999: tab "Vital Signs": blood pressure "120/80" (row "0800") has no unit',
    ]);
    const headerUnit = item([
      {
        tab: 'Vital Signs',
        table: { columns: ['Time', 'Blood pressure (mm Hg)'], rows: [['0800', '120/80']] },
      },
    ]);
    expect(checkExhibits([headerUnit])).toEqual([]);
    const text = item([
      { tab: "Nurses' Notes", text: '0800 Respiratory rate 10, SpO2 94% on room air. Pedal pulses 2+.' },
    ]);
    expect(checkExhibits([text])).toEqual([
      'ngn-mr-999: tab "Nurses\' Notes": respiratory rate "Respiratory rate 10" has no unit',
    ]);
  });

  it('wants scheduled doses on their stated interval (the ngn-cs-13 nifedipine fault)', () => {
    const orders: ExhibitTab = {
      tab: 'Orders',
      text: 'Day 1 1045\n- Nifedipine 20 mg orally now, then 10 mg orally every 6 hours for 48 hours.\n- Acetaminophen 650 mg orally every 4 hours as needed for pain.',
    };
    const notes = (day2: string): ExhibitTab => ({
      tab: "Nurses' Notes",
      text: `Day 1 1100 Nifedipine 20 mg given orally.\nDay 2 1100 ${day2}`,
    });
    const off = item([notes('After the 1000 nifedipine dose, the client reports a headache.'), orders]);
    expect(checkExhibits([off]).join()).toMatch(
      /nifedipine is ordered every 6 hours from day 1 1100, but a dose is listed at day 2 1000/,
    );
    const on = item([
      notes(
        'Since the 0500 nifedipine dose, the client reports a headache. The next nifedipine dose is due at 1100.',
      ),
      orders,
    ]);
    expect(checkExhibits([on])).toEqual([]);
    const record: ExhibitTab = {
      tab: 'Medication Administration Record',
      table: {
        columns: ['Medication', 'Times'],
        rows: [['Cefazolin 1 g IV every 8 hours', '0600, 1400, 2300']],
      },
    };
    expect(checkExhibits([item([record])]).join()).toMatch(/every 8 hours but lists 0600, 1400, 2300/);
  });

  it('wants written sums right and the column the stem asks to total to total', () => {
    expect(sumProblems('240 + 120 + 200 = 560 mL', 'rationale')).toEqual([]);
    expect(sumProblems('240 mL + 120 mL = 370 mL', 'rationale')).toEqual([
      'rationale: "240 mL + 120 mL = 370" adds up to 360',
    ]);
    const io: ExhibitTab = {
      tab: 'Intake and Output',
      table: {
        columns: ['Time', 'Output'],
        rows: [
          ['0730', 'Urine 350 mL'],
          ['1200', 'Urine 300 mL'],
          ['1445', 'Urine 250 mL'],
        ],
      },
    };
    const asks = 'The PN totals the output for the shift. Which findings require follow-up?';
    expect(checkExhibits([item([io], asks)]).join()).toMatch(
      /"Output" column of tab "Intake and Output" totals 900 mL/,
    );
    expect(checkExhibits([item([io], asks, `Output: 350 + 300 + 250 = 900 mL. ${'x'.repeat(80)}`)])).toEqual(
      [],
    );
  });
});
