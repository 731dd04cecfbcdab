import { describe, expect, it } from 'vitest';
import { JsonAnswer } from './answer.js';

describe('an answer partly written already', () => {
  const list = '[{"name":"Zoë ≥ 38 °C"}]';

  it('puts written text in as it is, after the serialized fields', () => {
    const body = new JsonAnswer({ success: true, total: 1 }, { patients: list }).body();
    expect(body).toBe(`{"success":true,"total":1,"patients":${list}}`);
    expect(JSON.parse(body as string)).toEqual({ success: true, total: 1, patients: [{ name: 'Zoë ≥ 38 °C' }] });
  });

  it('is bytes when a part was written as bytes, the same JSON encoded once', () => {
    const body = new JsonAnswer({ success: true }, { patients: Buffer.from(list), note: '"text"' }).body();
    expect(Buffer.isBuffer(body)).toBe(true);
    expect(body.toString()).toBe(`{"success":true,"patients":${list},"note":"text"}`);
  });

  it('writes the parts alone when there are no fields', () => {
    expect(new JsonAnswer({}, { patient: Buffer.from('{"id":"p1"}') }).body().toString()).toBe('{"patient":{"id":"p1"}}');
    expect(new JsonAnswer({}, {}).body()).toBe('{}');
  });
});
