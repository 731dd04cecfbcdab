import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/harness.js';
import { literal } from './literal.js';

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(() => test.drop());

describe('literal', () => {
  it('writes text with quotes and backslashes escaped', () => {
    expect(literal("O'Brien")).toBe("'O''Brien'");
    expect(literal('a\\b')).toBe(" E'a\\\\b'");
    expect(literal("'); drop table patients; --")).toBe("'''); drop table patients; --'");
    expect(literal('Zoë 山田 🙂')).toBe("'Zoë 山田 🙂'");
  });

  it('writes null, numbers, booleans and dates', () => {
    expect(literal(null)).toBe('NULL');
    expect(literal(undefined)).toBe('NULL');
    expect(literal(42)).toBe('42');
    expect(literal(true)).toBe('TRUE');
    expect(literal(new Date('2026-11-23T09:00:00Z'))).toBe("'2026-11-23T09:00:00.000Z'");
  });

  it('refuses a NUL, a non-finite number and other values', () => {
    expect(() => literal('a\u0000b')).toThrow(expect.objectContaining({ message: expect.stringMatching(/NUL/), code: '22021' }));
    expect(() => literal(Number.NaN)).toThrow();
    expect(() => literal({} as never)).toThrow();
  });
});

describe('literal, read back by the database', () => {
  const texts = ["O'Brien", "back\\slash \\' quote", "'); select 1; --", "E'x'", 'Zoë 山田 🙂', '$1 $$ $tag$', '\n\t'];

  it.each(['on', 'off'])('reads every text as written with standard_conforming_strings %s', async (conforming) => {
    const db = test.database.db;
    const read = await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local standard_conforming_strings = ${conforming}`));
      const result = await tx.execute(sql.raw(`select ${texts.map((t, i) => `${literal(t)}::text as v${i}`).join(', ')}`));
      return result.rows[0] as Record<string, string>;
    });
    expect(texts.map((_, i) => read[`v${i}`])).toEqual(texts);
  });
});
