// The exhibit checker (`npm run bank:check`, tests/content/exhibit-check.test.ts): a client record
// that does not add up teaches the wrong thing, and a student cannot tell a trap from a typo. For
// every NGN item (standalone or in a case study) it checks what can be checked mechanically:
//
// - times: every clock time is a real time (0000–2359); the timed entries of each tab (table rows,
//   note lines, and sentences inside a line, that start with a time) run forward, within one day
//   unless the day is named ("Day 2 0600", "Wed 1300", "Week 2 Monday 0900");
// - the moment: when the stem sets the item at a time ("At 1400 on day 1", "It is 0850 on day 5",
//   "On day 7"), the exhibit shows nothing timed after it (a note, an order, a table row or a
//   results column from later would hand the student what happens next);
// - references: a tab the stem names ("the Orders", "Vital Signs") and a column it names ("the Urine
//   column") exist in the item's exhibit;
// - units: a measurement carries its unit, in a table cell (unless the column header gives it) and
//   in the text ("respiratory rate 18" without "/min" fails);
// - schedules: a medicine ordered "every N hours" (not as needed) is given, or due, at times that are
//   whole multiples of N hours from its first listed time, in the notes and in a medication record
//   row that lists its times;
// - totals: every sum written in the item ("240 + 120 = 360") is right, and when the stem asks the
//   student to total the figures of a table column in mL, that column's total appears in the key or
//   the rationale.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ExhibitTab, type NgnItem, ngnFileProblems, ngnFileSchema } from '../../domain/ngn-items.ts';

/** The NGN draft folder: drafts are checked too, so a draft reaches its cold review already adding up. */
export const DEFAULT_NGN_DRAFT_DIR = fileURLToPath(
  new URL('../../supabase/questions/ngn/drafts/', import.meta.url),
);

export interface ExhibitProblem {
  id: string;
  problem: string;
}

// ---------------------------------------------------------------------------------------------
// Times
// ---------------------------------------------------------------------------------------------

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const WEEKDAY = /\b(mon|tue|wed|thu|fri|sat|sun)[a-z]*\b/i;

/** A point in the record: the day when one is named (null otherwise) and the minutes past midnight. */
export interface Stamp {
  day: number | null;
  minutes: number;
  text: string;
}

const CLOCK = /^(\d{2})(\d{2})$/;

/** Minutes past midnight of a four-digit 24-hour time, or null when it is not a real time. */
export function clockMinutes(hhmm: string): number | null {
  const match = CLOCK.exec(hhmm);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return null;
  return hours * 60 + minutes;
}

/**
 * The day named at the start of a label ("Day 2", "Week 1 Tuesday", "Wed", "Postoperative day 3"),
 * as a number that orders days; null when no day is named; undefined when a day is named in a form
 * that cannot be ordered ("Yesterday").
 */
export function dayOf(label: string): number | null | undefined {
  let day: number | null = null;
  const week = /\bweek (\d+)\b/i.exec(label);
  const numbered = /\bday (\d+)\b/i.exec(label) ?? (/\bday of surgery\b/i.test(label) ? ['', '0'] : null);
  const weekday = WEEKDAY.exec(label);
  if (numbered) day = Number(numbered[1]);
  else if (weekday) day = WEEKDAYS.findIndex((d) => d.startsWith((weekday[1] ?? '').toLowerCase()));
  if (week) day = Number(week[1]) * 7 + (day ?? 0);
  if (day === null && /\b(yesterday|today|tomorrow)\b/i.test(label)) {
    return { yesterday: -1, today: 0, tomorrow: 1 }[
      (/\b(yesterday|today|tomorrow)\b/i.exec(label)?.[1] ?? '').toLowerCase()
    ];
  }
  return day;
}

/** The stamp a label starts with ("Day 2 0600 …", "1430 — …", "Wed 1300"), or null. */
export function stampOf(label: string): Stamp | null | 'bad-time' {
  const match =
    /^((?:(?:week \d+,? )?(?:(?:post-?operative )?day \d+|day of surgery|(?:mon|tues|wednes|thurs|fri|satur|sun)day|mon|tue|wed|thu|fri|sat|sun|yesterday|today|tomorrow),? )?)(\d{4})\b/i.exec(
      label.trim(),
    );
  if (!match) return null;
  const minutes = clockMinutes(match[2] ?? '');
  if (minutes === null) return 'bad-time';
  const day = dayOf(match[1] ?? '');
  if (day === undefined) return null;
  return { day, minutes, text: `${match[1] ?? ''}${match[2]}`.trim() };
}

/** Problems with a sequence of stamps: each must come at or after the one before it. */
function orderProblems(stamps: Stamp[], where: string): string[] {
  const problems: string[] = [];
  for (let i = 1; i < stamps.length; i++) {
    const before = stamps[i - 1] as Stamp;
    const after = stamps[i] as Stamp;
    if (before.day === null && after.day !== null) continue; // an undated preamble, then the days
    const beforeDay = before.day ?? 0;
    const afterDay = after.day ?? (before.day !== null ? beforeDay : 0);
    const forward = afterDay > beforeDay || (afterDay === beforeDay && after.minutes >= before.minutes);
    if (!forward)
      problems.push(
        `${where}: "${after.text}" comes after "${before.text}"${
          after.day === null && before.day === null ? ' (times past midnight need the day named)' : ''
        }`,
      );
  }
  return problems;
}

/**
 * The entries of a note: its lines, and within a line every sentence that starts with a time
 * ("… forehead. 0000 Swelling unchanged"), so a time that runs backwards mid-line is caught too. A
 * sentence starting with a quantity ("1500 mL taken") is not a time.
 */
export function timedEntries(text: string): string[] {
  return text
    .split('\n')
    .flatMap((line) =>
      line.split(/(?<=[.!?])\s+(?=(?:(?:day|week) \d+,? )?\d{4}\b(?!\s?(?:mL|mg|g|mcg|units?|kcal|cc)\b))/i),
    )
    .filter((line) => line.trim() !== '');
}

function timeProblems(tab: ExhibitTab): string[] {
  const problems: string[] = [];
  const where = `tab "${tab.tab}"`;
  const stamps: Stamp[] = [];
  const labels =
    'text' in tab
      ? timedEntries(tab.text)
      : tab.table.columns[0] && /^(time|date|day|hour|date\/time)/i.test(tab.table.columns[0])
        ? tab.table.rows.map((row) => row[0] ?? '')
        : [];
  for (const label of labels) {
    const stamp = stampOf(label);
    if (stamp === 'bad-time') problems.push(`${where}: "${label.slice(0, 30)}" is not a 24-hour time`);
    else if (stamp) stamps.push(stamp);
  }
  // Every four-digit clock time written after a time word must be real ("at 2460").
  const text = 'text' in tab ? tab.text : tab.table.rows.flat().join(' ');
  for (const match of text.matchAll(/\b(?:at|since|until|by|from|to) (\d{4})\b/g)) {
    const hhmm = match[1] ?? '';
    if (Number(hhmm) >= 1900 && Number(hhmm) <= 2100) continue; // a year
    if (clockMinutes(hhmm) === null) problems.push(`${where}: "${match[0]}" is not a 24-hour time`);
  }
  return [...problems, ...orderProblems(stamps, where)];
}

/**
 * The moment the stem sets the item at: "at 1400 on day 1" or "it is 0850 on day 5" (that minute),
 * "on day 7" (the whole day), or "at 1400" alone (that minute, compared with undated entries only).
 */
export function stemMoment(stem: string): { day: number | null; minutes: number } | null {
  // A stem may name an earlier event too ("a cast applied at 1600 on day 1. At 0015 on day 2, the
  // PN …"): the item is set at the latest moment it names.
  const moments = [...stem.matchAll(/\b(?:at|it is) (\d{4}) on (?:post-?operative )?day (\d+)\b/gi)]
    .map((match) => ({ day: Number(match[2]), minutes: clockMinutes(match[1] ?? '') }))
    .filter((moment): moment is { day: number; minutes: number } => moment.minutes !== null)
    .sort((a, b) => a.day - b.day || a.minutes - b.minutes);
  const latest = moments.at(-1);
  if (latest) return latest;
  const dayOnly = /\b(?:on|by) (?:post-?operative )?day (\d+)\b/i.exec(stem);
  if (dayOnly) return { day: Number(dayOnly[1]), minutes: 24 * 60 - 1 };
  const timeOnly = /^(?:at|it is) (\d{4})\b/i.exec(stem.trim());
  const minutes = timeOnly ? clockMinutes(timeOnly[1] ?? '') : null;
  return minutes === null ? null : { day: null, minutes };
}

/** The stamps of a tab: its timed entries, and a table's time column or time-headed columns. */
function tabStamps(tab: ExhibitTab): Stamp[] {
  const labels =
    'text' in tab
      ? timedEntries(tab.text)
      : [
          ...(tab.table.columns[0] && /^(time|date|day|hour|date\/time)/i.test(tab.table.columns[0])
            ? tab.table.rows.map((row) => row[0] ?? '')
            : []),
          ...tab.table.columns.slice(1),
        ];
  return labels
    .map((label) => stampOf(label))
    .filter((stamp): stamp is Stamp => stamp !== null && stamp !== 'bad-time');
}

/** Entries of the exhibit timed after the moment the stem sets the item at. */
function momentProblems(item: NgnItem): string[] {
  const moment = stemMoment(item.stem);
  if (!moment) return [];
  const problems: string[] = [];
  for (const tab of item.exhibit) {
    let day: number | null = null; // an entry without a day belongs to the last day named above it
    for (const stamp of tabStamps(tab)) {
      day = stamp.day ?? day;
      if (moment.day === null ? day !== null : day === null) continue; // cannot be compared
      const later =
        day !== null && moment.day !== null && day !== moment.day
          ? day > moment.day
          : stamp.minutes > moment.minutes;
      if (later)
        problems.push(
          `tab "${tab.tab}": "${stamp.text}" is after the moment the stem sets the item at (the exhibit shows only what is known then)`,
        );
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// References to tabs and columns
// ---------------------------------------------------------------------------------------------

/** The record's tab names a stem may name. */
export const TAB_NAMES = [
  "Nurses' Notes",
  'Vital Signs',
  'Orders',
  'Laboratory Results',
  'Intake and Output',
  'Medication Administration Record',
  'History and Physical',
  'Flow Sheet',
];

function referenceProblems(item: NgnItem): string[] {
  const problems: string[] = [];
  const tabs = item.exhibit.map((tab) => tab.tab.toLowerCase());
  const texts = [item.stem, 'template' in item ? item.template : ''].join(' ');
  for (const name of TAB_NAMES) {
    // Tab names are capitalised; "the morning laboratory results" is not a reference to a tab.
    const named = new RegExp(`\\b${name.replace("'", "['’]")}\\b`).test(texts);
    if (named && !tabs.includes(name.toLowerCase()))
      problems.push(`the stem names the ${name} tab, which the exhibit does not have`);
  }
  const columns = item.exhibit
    .flatMap((tab) => ('table' in tab ? tab.table.columns : []))
    .map((c) => c.toLowerCase());
  for (const match of texts.matchAll(/\bthe "?([A-Za-z][\w ()/-]{0,40}?)"? column\b/g)) {
    const name = (match[1] ?? '').toLowerCase();
    if (
      !columns.some(
        (column) => column === name || column.startsWith(`${name} (`) || column.startsWith(`${name},`),
      )
    )
      problems.push(`the stem names the "${match[1]}" column, which no exhibit table has`);
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Units
// ---------------------------------------------------------------------------------------------

interface Measure {
  name: RegExp;
  unit: RegExp;
  label: string;
}

/** Measurements and the unit each must carry. */
export const MEASURES: Measure[] = [
  { label: 'temperature', name: /^(temp|temperature)\b/i, unit: /°\s?[CF]\b|°C|°F/ },
  { label: 'pulse', name: /^(pulse|heart rate|apical pulse|hr)\b/i, unit: /\/min|beats/i },
  { label: 'respiratory rate', name: /^(respirations|respiratory rate|rr)\b/i, unit: /\/min|breaths/i },
  { label: 'blood pressure', name: /^(blood pressure|bp)\b/i, unit: /mm ?Hg/i },
  { label: 'SpO2', name: /^(spo2|oxygen saturation|o2 sat)/i, unit: /%/ },
  { label: 'weight', name: /^weight\b/i, unit: /\b(kg|lb|g|oz)\b/i },
  {
    label: 'fluid volume',
    name: /^(urine|urine output|intake|output|oral intake|fluid intake|drainage|emesis)\b/i,
    unit: /\bmL\b|\bL\b|\boz\b|\bvoids?\b|\bvoided\b|\bwet\b|\bdiapers?\b|\bg\b/i,
  },
];

const HAS_NUMBER = /\d/;
const NOT_A_MEASUREMENT = /^(—|-|–|n\/a|not (done|measured|taken)|none|refused|prn|on hold)$/i;
/** A graded or counted finding, not a measurement: "2+", "4+ (reference negative)", "incontinent × 3". */
const GRADE_OR_COUNT = /^\d\+|\bincontinent\b|\bepisodes?\b|×/i;

function tableUnitProblems(tab: ExhibitTab): string[] {
  if (!('table' in tab)) return [];
  const problems: string[] = [];
  tab.table.columns.forEach((column, c) => {
    // "Urine specific gravity", "Urine protein": a test of the urine, not a volume.
    if (/specific gravity|colou?r|protein|ketone|glucose|dipstick|culture|ph\b/i.test(column)) return;
    const measure = MEASURES.find((m) => m.name.test(column));
    if (!measure || measure.unit.test(column)) return; // the header gives the unit
    for (const row of tab.table.rows) {
      const cell = (row[c] ?? '').trim();
      if (!HAS_NUMBER.test(cell) || NOT_A_MEASUREMENT.test(cell) || GRADE_OR_COUNT.test(cell)) continue;
      if (!measure.unit.test(cell))
        problems.push(`tab "${tab.tab}": ${measure.label} "${cell}" (row "${row[0]}") has no unit`);
    }
  });
  return problems;
}

/** Measurement words in running text and the unit that must follow the number. */
const TEXT_MEASURES: Array<{ words: string; unit: RegExp; label: string }> = [
  { label: 'respiratory rate', words: 'respiratory rate|respirations', unit: /^\s*\/\s?min|^\s*breaths/i },
  { label: 'heart rate', words: 'heart rate|pulse|apical pulse', unit: /^\s*\/\s?min|^\s*beats/i },
  { label: 'blood pressure', words: 'blood pressure', unit: /^\s*mm ?Hg/i },
  { label: 'temperature', words: 'temperature', unit: /^\s*°/ },
  { label: 'SpO2', words: 'SpO2|oxygen saturation', unit: /^\s*%/ },
  { label: 'urine output', words: 'urine output', unit: /^\s*(mL|L\b|oz)/i },
];

export function textUnitProblems(text: string, where: string): string[] {
  const problems: string[] = [];
  for (const measure of TEXT_MEASURES) {
    const pattern = new RegExp(
      `\\b(?:${measure.words})(?: of| was| is| now| at)? (\\d+(?:[.,/]\\d+)*)`,
      'gi',
    );
    for (const match of text.matchAll(pattern)) {
      const rest = text.slice((match.index ?? 0) + match[0].length);
      if (/^\s*(?:to|and|or|–|-)\s*\d/.test(rest)) continue; // a range: the unit follows the second number
      if (/^\s*(?:hours?|minutes?|times|days?|weeks?)\b/i.test(rest)) continue; // "pulse 2 hours later"
      if (/^\+/.test(rest)) continue; // a graded pulse ("pedal pulses 2+")
      if (!measure.unit.test(rest)) problems.push(`${where}: ${measure.label} "${match[0]}" has no unit`);
    }
  }
  return problems;
}

function unitProblems(item: NgnItem): string[] {
  return item.exhibit.flatMap((tab) =>
    'text' in tab ? textUnitProblems(tab.text, `tab "${tab.tab}"`) : tableUnitProblems(tab),
  );
}

// ---------------------------------------------------------------------------------------------
// Scheduled medicines
// ---------------------------------------------------------------------------------------------

interface Dose {
  day: number | null;
  minutes: number;
  text: string;
}

const EVERY_HOURS = /\bevery (\d+) hours\b/i;

/** Medicines ordered on a fixed "every N hours" schedule (as-needed orders excluded), by first word. */
export function scheduledMedicines(text: string): Map<string, number> {
  const schedule = new Map<string, number>();
  for (const sentence of text.split(/\n|(?<=\.)\s+(?=[A-Z])/)) {
    const line = sentence.replace(/^\s*[-•]\s*/, '');
    const every = EVERY_HOURS.exec(line);
    if (!every || /\bas needed\b|\bPRN\b/i.test(line)) continue;
    const drug = /^([A-Z][a-z]+(?:-[a-z]+)?)\b/.exec(line)?.[1];
    if (
      !drug ||
      /^(Vital|Check|Monitor|Turn|Reposition|Weigh|Record|Repeat|Notify|Encourage|Offer|During)/.test(drug)
    )
      continue;
    // Only where the drug's own phrase carries the interval ("Nifedipine 20 mg now, then 10 mg every 6 hours").
    const before = line.slice(0, every.index);
    if (/[;]/.test(before)) continue;
    schedule.set(drug.toLowerCase(), Number(every[1]) * 60);
  }
  return schedule;
}

/** Doses of a medicine the notes give or set a time for: "Day 1 1100 Nifedipine 20 mg given", "the 0500 nifedipine dose". */
function dosesOf(drug: string, notes: string): Dose[] {
  const doses: Dose[] = [];
  let day: number | null = null;
  for (const line of notes.split('\n')) {
    const stamp = stampOf(line);
    if (stamp && stamp !== 'bad-time') day = stamp.day ?? day;
    const entryDay = stamp && stamp !== 'bad-time' ? (stamp.day ?? day) : day;
    for (const sentence of line.split(/(?<=\.)\s+/)) {
      if (!sentence.toLowerCase().includes(drug)) continue;
      const named = new RegExp(`\\b(\\d{4}) ${drug}\\b[^.]*\\bdose\\b`, 'i').exec(sentence);
      const due = new RegExp(`\\b${drug}\\b[^.]*\\bdue at (\\d{4})\\b`, 'i').exec(sentence);
      const givenAt = new RegExp(`\\b${drug}\\b[^.]*\\bgiven\\b[^.]*?\\bat (\\d{4})\\b`, 'i').exec(sentence);
      const given = new RegExp(`\\b${drug}\\b[^.]*\\bgiven\\b`, 'i').test(sentence);
      const hhmm =
        named?.[1] ?? due?.[1] ?? givenAt?.[1] ?? (given && stamp && stamp !== 'bad-time' ? null : undefined);
      if (hhmm === undefined) continue;
      const minutes = hhmm === null ? (stamp as Stamp).minutes : clockMinutes(hhmm);
      if (minutes === null) continue;
      const clock = `${String(Math.floor(minutes / 60)).padStart(2, '0')}${String(minutes % 60).padStart(2, '0')}`;
      doses.push({ day: entryDay, minutes, text: `${entryDay === null ? '' : `day ${entryDay} `}${clock}` });
    }
  }
  return doses;
}

function intervalProblems(drug: string, interval: number, doses: Dose[], where: string): string[] {
  const first = doses[0];
  if (!first) return [];
  const problems: string[] = [];
  const at = (dose: Dose) => (dose.day ?? first.day ?? 0) * 1440 + dose.minutes;
  for (const dose of doses.slice(1)) {
    const gap = at(dose) - at(first);
    const off = ((gap % interval) + interval) % interval;
    if (Math.min(off, interval - off) > 30)
      problems.push(
        `${where}: ${drug} is ordered every ${interval / 60} hours from ${first.text}, but a dose is listed at ${dose.text}`,
      );
  }
  return problems;
}

function scheduleProblems(item: NgnItem): string[] {
  const problems: string[] = [];
  const allText = item.exhibit.map((tab) => ('text' in tab ? tab.text : '')).join('\n');
  const schedule = scheduledMedicines(allText);
  const notes = item.exhibit
    .filter((tab) => 'text' in tab && tab.tab !== 'Orders')
    .map((tab) => ('text' in tab ? tab.text : ''))
    .join('\n');
  for (const [drug, interval] of schedule) {
    problems.push(...intervalProblems(drug, interval, dosesOf(drug, notes), 'notes'));
  }
  // A medication record row that lists its times: "Cefazolin 1 g IV every 8 hours" | "0600, 1400, 2200".
  for (const tab of item.exhibit) {
    if (!('table' in tab)) continue;
    for (const row of tab.table.rows) {
      const every = row.map((cell) => EVERY_HOURS.exec(cell)).find(Boolean);
      if (!every || row.some((cell) => /\bas needed\b|\bPRN\b/i.test(cell))) continue;
      const interval = Number(every[1]) * 60;
      const timesCell = row.find((cell) => /^\d{4}(?:\s*(?:,|and)\s*\d{4})+$/.test(cell.trim()));
      if (!timesCell) continue;
      const times = [...timesCell.matchAll(/\d{4}/g)].map((m) => clockMinutes(m[0]) ?? 0);
      for (let i = 1; i < times.length; i++) {
        const gap = ((times[i] as number) - (times[i - 1] as number) + 1440) % 1440;
        if (gap !== interval)
          problems.push(
            `tab "${tab.tab}": "${row[0]}" is every ${interval / 60} hours but lists ${timesCell}`,
          );
      }
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Totals
// ---------------------------------------------------------------------------------------------

const num = (text: string) => Number(text.replace(/,/g, ''));

/** Every written sum "a + b (+ …) = c" in a text, checked. Numbers may carry a unit ("240 mL + 120 mL = 360 mL"). */
export function sumProblems(text: string, where: string): string[] {
  const problems: string[] = [];
  const term = String.raw`\d[\d,]*(?:\.\d+)?(?:\s?(?:mL|g|mg|units|kg|lb|oz))?`;
  const pattern = new RegExp(String.raw`(${term}(?:\s*\+\s*${term})+)\s*=\s*(\d[\d,]*(?:\.\d+)?)`, 'g');
  for (const match of text.matchAll(pattern)) {
    const terms = (match[1] ?? '').split('+').map((t) => num((/\d[\d,]*(?:\.\d+)?/.exec(t) ?? ['0'])[0]));
    const sum = terms.reduce((a, b) => a + b, 0);
    const stated = num(match[2] ?? '0');
    if (Math.abs(sum - stated) > 0.001) problems.push(`${where}: "${match[0]}" adds up to ${sum}`);
  }
  return problems;
}

/** The mL figures in a cell ("Coffee 240 mL; toast 1 slice" → [240]). */
function millilitres(cell: string): number[] {
  return [...cell.matchAll(/(\d[\d,]*)\s?mL\b/g)].map((m) => num(m[1] ?? '0'));
}

function keyText(item: NgnItem): string {
  switch (item.type) {
    case 'multiple-response':
      return item.options
        .filter((o) => o.correct)
        .map((o) => o.text)
        .join(' ');
    case 'highlight':
      return item.segments
        .filter((o) => o.correct)
        .map((o) => o.text)
        .join(' ');
    case 'drop-down':
      return item.blanks.flatMap((b) => b.options.filter((o) => o.correct).map((o) => o.text)).join(' ');
    case 'drag-and-drop':
      return Object.values(item.answers)
        .map((id) => item.tokens.find((t) => t.id === id)?.text ?? '')
        .join(' ');
    case 'matrix':
      return item.rows.map((r) => r.text).join(' ');
    case 'bow-tie':
      return [...item.condition, ...item.actions, ...item.parameters]
        .filter((o) => o.correct)
        .map((o) => o.text)
        .join(' ');
  }
}

function totalProblems(item: NgnItem): string[] {
  const problems = [
    ...sumProblems(item.rationale, 'rationale'),
    ...item.exhibit.flatMap((tab) => ('text' in tab ? sumProblems(tab.text, `tab "${tab.tab}"`) : [])),
  ];
  if (!/\btotal/i.test(item.stem)) return problems;
  const answerText = `${keyText(item)} ${item.rationale}`.replace(/(\d),(\d{3})\b/g, '$1$2');
  for (const tab of item.exhibit) {
    if (!('table' in tab)) continue;
    tab.table.columns.forEach((column, c) => {
      if (c === 0) return;
      const figures = tab.table.rows.flatMap((row) => millilitres(row[c] ?? ''));
      if (figures.length < 2) return;
      const total = figures.reduce((a, b) => a + b, 0);
      if (!new RegExp(`\\b${total}\\b`).test(answerText))
        problems.push(
          `the stem asks for a total; the "${column}" column of tab "${tab.tab}" totals ${total} mL, which neither the key nor the rationale gives`,
        );
    });
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// The checker
// ---------------------------------------------------------------------------------------------

/** Every exhibit problem of one item, each prefixed with the item id. */
export function exhibitProblems(item: NgnItem): ExhibitProblem[] {
  const problems = [
    ...item.exhibit.flatMap(timeProblems),
    ...momentProblems(item),
    ...referenceProblems(item),
    ...unitProblems(item),
    ...scheduleProblems(item),
    ...totalProblems(item),
  ];
  return problems.map((problem) => ({ id: item.id, problem }));
}

/** Every exhibit problem of a set of items, formatted "<id>: <problem>". */
export function checkExhibits(items: NgnItem[]): string[] {
  return items.flatMap(exhibitProblems).map(({ id, problem }) => `${id}: ${problem}`);
}

/** The items of every draft file that parses (a malformed draft is the merge's and the schema's to report). */
export function draftNgnItems(dir: string = DEFAULT_NGN_DRAFT_DIR): NgnItem[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .flatMap((name) => {
      const parsed = ngnFileSchema.safeParse(JSON.parse(readFileSync(join(dir, name), 'utf8')));
      if (!parsed.success) return [];
      return [...parsed.data.items, ...parsed.data.cases.flatMap((study) => study.items)];
    });
}

/** Schema problems of the draft files, "<file>: <item>: <field>: <message>" (what the merge would refuse). */
export function draftNgnProblems(dir: string = DEFAULT_NGN_DRAFT_DIR): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .flatMap((name) =>
      ngnFileProblems(JSON.parse(readFileSync(join(dir, name), 'utf8'))).map(
        (problem) => `${name}: ${problem}`,
      ),
    );
}
