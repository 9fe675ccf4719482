// Moving reviewed NGN drafts into the bank (scripts/lib/ngn-merge.ts, `npm run ngn:merge`) on small
// fixtures: agree/fixed drafts move with their records into the bank file of the same name, case
// studies only whole, dropped and unreviewed drafts stay, id collisions and invalid results are
// refused without changing anything, and the written bank passes the content checks.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadNgnBankFiles, loadNgnReviews, validateNgnBank } from '../../scripts/lib/ngn-bank.ts';
import {
  mergeNgnDrafts,
  type NgnFileData,
  type NgnFolder,
  readNgnFolder,
  writeNgnFolder,
} from '../../scripts/lib/ngn-merge.ts';
import {
  caseReviews,
  caseStudy,
  dropDown,
  matrix,
  options,
  reviewOf,
  sata,
  selectTwo,
} from './fixtures/ngn-fixtures.ts';

const HEADER = { reviewer: 'second reviewer', reviewed_at: '2026-11-20', method: 'cold answer' };

function setUp() {
  const bankItem = sata('ngn-mr-001');
  const bank: NgnFolder = {
    files: new Map([['standalone.json', { items: [bankItem] }]]),
    reviews: new Map([['standalone.json', { ...HEADER, reviews: [reviewOf(bankItem)] }]]),
  };
  const agreed = selectTwo('ngn-mr-003');
  const dropped = sata('ngn-mr-004');
  const unreviewed = matrix('ngn-mx-001');
  const fixed = dropDown('ngn-dd-001');
  const whole = caseStudy('ngn-cs-01');
  const withDropped = caseStudy('ngn-cs-02');
  const withUnreviewed = caseStudy('ngn-cs-03');
  const droppedRecords = caseReviews(withDropped);
  droppedRecords[2] = reviewOf(withDropped.items[2], 'dropped', {}, 'two defensible answers');
  const drafts: NgnFolder = {
    files: new Map<string, NgnFileData>([
      ['standalone.json', { items: [agreed, dropped, unreviewed, fixed] }],
      ['cases.json', { cases: [whole, withDropped, withUnreviewed] }],
    ]),
    reviews: new Map([
      [
        'standalone.json',
        {
          reviewer: 'third reviewer',
          reviewed_at: '2026-11-24',
          method: 'cold answer',
          reviews: [
            reviewOf(agreed),
            reviewOf(dropped, 'dropped', {}, 'duplicate of ngn-mr-001'),
            reviewOf(fixed, 'fixed', { '1': ['a'], '2': ['c'] }, 'blank 2 reworded'),
          ],
        },
      ],
      [
        'cases.json',
        {
          ...HEADER,
          reviews: [...caseReviews(whole), ...droppedRecords, ...caseReviews(withUnreviewed).slice(0, 5)],
        },
      ],
    ]),
  };
  return { bank, drafts };
}

const ids = (entries: Array<{ id?: unknown }> | undefined) => (entries ?? []).map((entry) => entry.id);
const recordIds = (folder: NgnFolder, file: string) => ids(folder.reviews.get(file)?.reviews);
const snapshot = (folder: NgnFolder) => JSON.stringify([...folder.files, ...folder.reviews]);

describe('mergeNgnDrafts', () => {
  it('moves agreed and fixed items and whole case studies, and leaves dropped and unreviewed ones', () => {
    const { bank: bankIn, drafts: draftsIn } = setUp();
    const before = [snapshot(bankIn), snapshot(draftsIn)];
    const { bank, drafts, report } = mergeNgnDrafts(bankIn, draftsIn);
    expect([snapshot(bankIn), snapshot(draftsIn)]).toEqual(before); // the inputs are not touched

    expect(report).toEqual({
      merged: [
        'ngn-cs-01-1',
        'ngn-cs-01-2',
        'ngn-cs-01-3',
        'ngn-cs-01-4',
        'ngn-cs-01-5',
        'ngn-cs-01-6',
        'ngn-mr-003',
        'ngn-dd-001',
      ],
      mergedCases: ['ngn-cs-01'],
      dropped: [
        { id: 'ngn-cs-02-3', note: 'two defensible answers' },
        { id: 'ngn-mr-004', note: 'duplicate of ngn-mr-001' },
      ],
      unreviewed: ['ngn-cs-03-6', 'ngn-mx-001'],
      heldCases: ['ngn-cs-02', 'ngn-cs-03'],
      bankFiles: ['cases.json', 'standalone.json'],
      draftFiles: ['cases.json', 'standalone.json'],
    });

    // The bank: same file names, sorted by id, a new file holding only what it received.
    expect(ids(bank.files.get('standalone.json')?.items)).toEqual(['ngn-dd-001', 'ngn-mr-001', 'ngn-mr-003']);
    expect(bank.files.get('standalone.json')?.cases).toBeUndefined();
    expect(Object.keys(bank.files.get('cases.json') ?? {})).toEqual(['cases']);
    expect(ids(bank.files.get('cases.json')?.cases)).toEqual(['ngn-cs-01']);
    expect(recordIds(bank, 'standalone.json')).toEqual(['ngn-dd-001', 'ngn-mr-001', 'ngn-mr-003']);
    expect(recordIds(bank, 'cases.json')).toEqual(ids(bank.files.get('cases.json')?.cases?.[0]?.items));

    // A record keeps who reviewed it, when and how, where its new file's header says otherwise.
    const fixedRecord = bank.reviews.get('standalone.json')?.reviews.find((r) => r.id === 'ngn-dd-001');
    expect(fixedRecord).toMatchObject({
      verdict: 'fixed',
      cold_points: 0,
      max_points: 1,
      reviewer: 'third reviewer',
      reviewed_at: '2026-11-24',
    });
    expect(fixedRecord).not.toHaveProperty('method');
    // A new bank review file takes its draft review file's header.
    expect(bank.reviews.get('cases.json')).toMatchObject(HEADER);
    expect(bank.reviews.get('cases.json')?.reviews[0]).not.toHaveProperty('reviewer');

    // The drafts keep what did not move, case studies whole, with their records.
    expect(ids(drafts.files.get('standalone.json')?.items)).toEqual(['ngn-mr-004', 'ngn-mx-001']);
    expect(ids(drafts.files.get('cases.json')?.cases)).toEqual(['ngn-cs-02', 'ngn-cs-03']);
    expect(drafts.files.get('cases.json')?.cases?.[0]?.items).toHaveLength(6);
    expect(recordIds(drafts, 'standalone.json')).toEqual(['ngn-mr-004']);
    expect(recordIds(drafts, 'cases.json')).toHaveLength(11);
  });

  it('keeps a draft file whose items all merged, with an empty list', () => {
    const { bank: bankIn } = setUp();
    const item = sata('ngn-mr-002');
    const draftsIn: NgnFolder = {
      files: new Map([['standalone.json', { items: [item] }]]),
      reviews: new Map([['standalone.json', { ...HEADER, reviews: [reviewOf(item)] }]]),
    };
    const { drafts, report } = mergeNgnDrafts(bankIn, draftsIn);
    expect(report.merged).toEqual(['ngn-mr-002']);
    expect(drafts.files.get('standalone.json')).toEqual({ items: [] });
    expect(drafts.reviews.get('standalone.json')).toEqual({ ...HEADER, reviews: [] });
  });

  it('refuses ids used by the bank (items, case studies, any review record) or by another draft', () => {
    const { bank, drafts } = setUp();
    bank.files.set('cases.json', { cases: [caseStudy('ngn-cs-01')] });
    bank.reviews.get('standalone.json')?.reviews.push(reviewOf(sata('ngn-mr-003'), 'dropped', {}, 'retired'));
    const clash = sata('ngn-mr-001');
    const twice = sata('ngn-dd-001');
    drafts.files.get('standalone.json')?.items?.push(clash);
    drafts.reviews.get('standalone.json')?.reviews.push(reviewOf(clash));
    drafts.files.set('more.json', { items: [twice] });
    drafts.reviews.set('more.json', { ...HEADER, reviews: [reviewOf(twice)] });
    const before = [snapshot(bank), snapshot(drafts)];
    let message = '';
    try {
      mergeNgnDrafts(bank, drafts);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message.split('\n')).toEqual([
      'nothing merged; renumber or correct the drafts first:',
      '  ngn-cs-01 (drafts/cases.json) is already used in cases.json',
      '  ngn-cs-01-1 (drafts/cases.json) is already used in cases.json',
      '  ngn-cs-01-2 (drafts/cases.json) is already used in cases.json',
      '  ngn-cs-01-3 (drafts/cases.json) is already used in cases.json',
      '  ngn-cs-01-4 (drafts/cases.json) is already used in cases.json',
      '  ngn-cs-01-5 (drafts/cases.json) is already used in cases.json',
      '  ngn-cs-01-6 (drafts/cases.json) is already used in cases.json',
      '  ngn-mr-003 (drafts/standalone.json) is already used in reviews/standalone.json',
      '  ngn-dd-001 (drafts/standalone.json) is already used in drafts/more.json',
      '  ngn-mr-001 (drafts/standalone.json) is already used in standalone.json',
    ]);
    expect([snapshot(bank), snapshot(drafts)]).toEqual(before);
  });

  it('refuses, merging nothing, an item that fails the schema or a record that fails the review checks', () => {
    const { bank, drafts } = setUp();
    const broken = { ...sata('ngn-mr-005'), options: options(5, 'a') };
    const overclaimed = { ...reviewOf(sata('ngn-mr-006'), 'agree', { options: ['a'] }), cold_points: 2 };
    drafts.files.get('standalone.json')?.items?.push(broken, sata('ngn-mr-006'));
    drafts.reviews.get('standalone.json')?.reviews.push(reviewOf(broken), overclaimed);
    expect(() => mergeNgnDrafts(bank, drafts)).toThrow(
      /^nothing merged; the merged files would have these problems:\n {2}standalone\.json: ngn-mr-005: options: select all that apply needs 2 or more correct options/,
    );
    drafts.files.get('standalone.json')?.items?.splice(-2, 1); // without the broken item
    expect(() => mergeNgnDrafts(bank, drafts)).toThrow(
      /ngn-mr-006: \[review-points\] the record says 2 of 2 points; the cold answer scores 1 of 2[\s\S]*ngn-mr-006: \[review-agree\]/,
    );
  });
});

describe('readNgnFolder and writeNgnFolder', () => {
  const root = mkdtempSync(join(tmpdir(), 'ngn-merge-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('merges folders on disk into a bank that loads and passes the review checks', () => {
    const bankDir = join(root, 'ngn');
    const draftDir = join(bankDir, 'drafts');
    const { bank, drafts } = setUp();
    writeNgnFolder(bankDir, join(bankDir, 'reviews'), bank, bank.files.keys());
    writeNgnFolder(draftDir, join(draftDir, 'reviews'), drafts, drafts.files.keys());
    mkdirSync(join(bankDir, 'notes'));
    writeFileSync(join(bankDir, 'notes', 'ignored.json'), '{}');

    const read = (dir: string) => readNgnFolder(dir, join(dir, 'reviews'));
    expect(read(bankDir)).toEqual(bank);
    expect(read(draftDir)).toEqual(drafts);
    const merged = mergeNgnDrafts(read(bankDir), read(draftDir));
    writeNgnFolder(bankDir, join(bankDir, 'reviews'), merged.bank, merged.report.bankFiles);
    writeNgnFolder(draftDir, join(draftDir, 'reviews'), merged.drafts, merged.report.draftFiles);

    const text = readFileSync(join(bankDir, 'cases.json'), 'utf8');
    expect(text).toBe(`${JSON.stringify(merged.bank.files.get('cases.json'), null, 2)}\n`);
    const files = loadNgnBankFiles(bankDir);
    expect(files.map((file) => file.name)).toEqual(['cases.json', 'standalone.json']);
    const { errors, stats } = validateNgnBank(files, { reviews: loadNgnReviews(join(bankDir, 'reviews')) });
    expect(errors).toEqual([]);
    expect(stats).toMatchObject({ total: 9, standalone: 3, cases: 1 });
    expect(read(draftDir)).toEqual(merged.drafts);
  });

  it('refuses a file that is not an NGN file', () => {
    const dir = join(root, 'bad');
    mkdirSync(dir);
    writeFileSync(join(dir, 'a.json'), '{ "items": {} }');
    expect(() => readNgnFolder(dir, join(dir, 'reviews'))).toThrow(/a\.json: expected \{ "items"/);
    writeFileSync(join(dir, 'a.json'), '{ "items": [');
    expect(() => readNgnFolder(dir, join(dir, 'reviews'))).toThrow(/a\.json: /);
  });
});
