// The clinical-judgment (NGN) bank loader and its seed export (server/db/ngn-bank.ts): the real
// bank parses, drafts/ and reviews/ are not part of it, a malformed file is refused with every
// problem listed, an empty bank seeds nothing and leaves supabase/seed.sql as it was, and the
// upserts load into Postgres idempotently with the text and JSON intact. Every bank item has a
// passing review record in supabase/questions/ngn/reviews/ (the checks themselves:
// ngn-reviews.test.ts).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { maxPoints, scoringKeyOf } from '../../domain/ngn-scoring.ts';
import { formatNgnStats, loadNgnBankFiles, validateNgnBank } from '../../scripts/lib/ngn-bank.ts';
import {
  EMPTY_NGN_BANK,
  loadNgnBank,
  type NgnBank,
  ngnBankFiles,
  ngnItemCount,
  toNgnSeedSql,
} from '../../server/db/ngn-bank.ts';
import { loadBank, toSeedSql } from '../../server/db/question-bank.ts';
import { caseStudy, options, sata as sataItem } from './fixtures/ngn-fixtures.ts';

// The shared bank-file factories; the stem carries quotes so the seed SQL's quoting is exercised.
const sata = (id: string, step?: string) =>
  sataItem(id, step, {
    stem: `The client's record says "O'Brien's finding"; which findings require follow-up? ${id}`,
  });

describe('the NGN bank in supabase/questions/ngn', () => {
  it('parses (drafts/ and reviews/ are not part of it) and the seed holds it', () => {
    const bank = loadNgnBank();
    const ids = [
      ...bank.items.map((item) => item.id),
      ...bank.cases.flatMap((c) => c.items.map((i) => i.id)),
    ];
    expect(new Set(ids).size).toBe(ngnItemCount(bank));
    const seed = toSeedSql(loadBank(), { ngn: bank });
    // One pass over the seed (it is megabytes long), then every id is looked up in what it holds.
    const seeded = new Set([...seed.matchAll(/\('(ngn-[a-z]{2}-[0-9-]+)', /g)].map((m) => m[1]));
    expect(ids.filter((id) => !seeded.has(id))).toEqual([]);
  });

  it('has a passing review record for every item, its cold answer scored with the item rule', () => {
    const { errors, stats } = validateNgnBank(loadNgnBankFiles());
    console.log(formatNgnStats(stats));
    expect(errors, `${errors.length} review errors:\n${errors.join('\n')}`).toEqual([]);
  });
});

describe('loadNgnBank', () => {
  const dir = mkdtempSync(join(tmpdir(), 'ngn-bank-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, data: unknown) =>
    writeFileSync(join(dir, name), typeof data === 'string' ? data : JSON.stringify(data));
  const clear = () => {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir);
  };

  it('a missing folder or one without files is an empty bank', () => {
    expect(loadNgnBank(join(dir, 'missing'))).toEqual(EMPTY_NGN_BANK);
    clear();
    expect(loadNgnBank(dir)).toEqual(EMPTY_NGN_BANK);
  });

  it('reads every file directly in the folder, sorted by id, and none in drafts/ or reviews/', () => {
    clear();
    write('b.json', { items: [sata('ngn-mr-002'), sata('ngn-mr-001')] });
    write('a.json', { cases: [caseStudy('ngn-cs-01')] });
    mkdirSync(join(dir, 'drafts'));
    mkdirSync(join(dir, 'reviews'));
    write('drafts/c.json', { items: [{ id: 'not even valid' }] });
    write('reviews/b.json', { reviewer: 'x', reviews: [] });
    expect(ngnBankFiles(dir)).toEqual(['a.json', 'b.json']);
    const bank = loadNgnBank(dir);
    expect(bank.items.map((item) => item.id)).toEqual(['ngn-mr-001', 'ngn-mr-002']);
    expect(bank.cases.map((c) => c.id)).toEqual(['ngn-cs-01']);
    expect(ngnItemCount(bank)).toBe(8);
    // Defaults of the schema are applied: the stored item is the validated one.
    expect(bank.items[0]).toMatchObject({ trend: false, exhibit: [] });
  });

  it('refuses a malformed bank with every problem of every file listed', () => {
    clear();
    write('a.json', {
      items: [
        { ...sata('ngn-mr-001'), options: options(5, 'a') },
        { ...sata('ngn-mr-002'), step: 'x' },
      ],
    });
    write('b.json', '{ "items": [');
    write('c.json', { items: [sata('ngn-mr-003')], extra: true });
    write('d.json', { items: [sata('ngn-mr-004'), sata('ngn-mr-004')], cases: [caseStudy('ngn-cs-01')] });
    write('e.json', { cases: [caseStudy('ngn-cs-01')] });
    let message = '';
    try {
      loadNgnBank(dir);
    } catch (error) {
      message = (error as Error).message;
    }
    const lines = message.split('\n');
    expect(lines[0]).toMatch(/^The NGN bank \(supabase\/questions\/ngn\/\*\.json\) has \d+ problems:$/);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^a\.json: ngn-mr-001: options: /),
        expect.stringMatching(/^a\.json: ngn-mr-002: step: /),
        expect.stringMatching(/^b\.json: /),
        expect.stringMatching(/^c\.json: file: /),
        'd.json: ngn-mr-004: the id is also used in d.json',
        'e.json: ngn-cs-01: the id is also used in d.json',
        'e.json: ngn-cs-01-1: the id is also used in d.json',
      ]),
    );
  });
});

describe('toNgnSeedSql and the seed file', () => {
  const bank = (): NgnBank => {
    const dir = mkdtempSync(join(tmpdir(), 'ngn-seed-'));
    try {
      writeFileSync(
        join(dir, 'a.json'),
        JSON.stringify({ items: [sata('ngn-mr-001')], cases: [caseStudy('ngn-cs-01')] }),
      );
      return loadNgnBank(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it('an empty NGN bank seeds nothing and leaves the seed as it was', () => {
    expect(toNgnSeedSql(EMPTY_NGN_BANK)).toBe('');
    const questions = loadBank();
    expect(toSeedSql(questions, { ngn: EMPTY_NGN_BANK })).toBe(toSeedSql(questions));
    expect(toSeedSql([], { ngn: EMPTY_NGN_BANK })).toBe(toSeedSql([]));
  });

  it('adds the NGN upserts inside the seed transaction, deterministic', () => {
    const sql = toSeedSql([], { ngn: bank() });
    expect(sql).toMatch(
      /\nbegin;\n[\s\S]*insert into public\.ngn_cases[\s\S]*insert into public\.ngn_items[\s\S]*\ncommit;\n$/,
    );
    expect(sql).toBe(toSeedSql([], { ngn: bank() }));
    expect(toSeedSql([], { ngn: bank(), transaction: false })).not.toMatch(/^(begin|commit);$/m);
  });

  it('loads into Postgres idempotently with the item, its key and max points intact', {
    timeout: 60_000,
  }, async () => {
    const db = await PGlite.create();
    try {
      await db.exec(`
        create table public.ngn_cases (id text primary key, title text not null, setting text not null,
          category text not null, difficulty text not null, intro text not null);
        create table public.ngn_items (id text primary key,
          case_id text references public.ngn_cases (id) on delete cascade, position smallint,
          type text not null, category text not null, step text not null, setting text not null,
          difficulty text not null, trend boolean not null, item jsonb not null, scoring jsonb not null,
          max_points smallint not null);`);
      const ngn = bank();
      await db.exec(toNgnSeedSql(ngn));
      await db.exec(toNgnSeedSql(ngn));
      const rows = await db.query<{
        id: string;
        case_id: string | null;
        position: number | null;
        item: unknown;
        scoring: unknown;
        max_points: number;
      }>('select id, case_id, position, item, scoring, max_points from public.ngn_items order by id');
      const all = [...ngn.cases.flatMap((c) => c.items), ...ngn.items];
      expect(rows.rows).toEqual(
        all.map((item, i) => ({
          id: item.id,
          case_id: i < 6 ? 'ngn-cs-01' : null,
          position: i < 6 ? i + 1 : null,
          item,
          scoring: scoringKeyOf(item),
          max_points: maxPoints(scoringKeyOf(item)),
        })),
      );
      const cases = await db.query<{ intro: string }>('select intro from public.ngn_cases');
      expect(cases.rows).toEqual([{ intro: "A client's first day after birth." }]);
    } finally {
      await db.close();
    }
  });
});
