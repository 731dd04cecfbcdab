import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signInAs, type TestApp } from '../test/harness.js';
import { redactedUrl, requestId, serializeError } from './request-log.js';

/** Names that must never reach the log: a created patient's and seeded ones (db/seed/patients.ts). */
const CREATED = { firstName: 'Quillonius', lastName: 'Xanthopoulos', email: 'quillonius.x@example.org', phone: '(555) 867-5309' };
const SEEDED = ['Robinson', 'Christopher', 'Martinez', 'Elizabeth', 'Anderson'];
const SECRETS = [CREATED.firstName, CREATED.lastName, CREATED.email, '867-5309', 'Vincent', 'Compiler Court', ...SEEDED, 'demo-password'];

/** A valid patient body (`patientBody`) with the names above. */
const patientPayload = (over: Record<string, unknown>) => ({
  dateOfBirth: '1986-12-09',
  gender: 'female',
  address: { street: '1 Compiler Court', city: 'Arlington', state: 'VA', zipCode: '22201' },
  emergencyContactName: 'Vincent Hopper',
  emergencyContactRelationship: 'Spouse',
  emergencyContactPhone: '555-310-9900',
  ...over,
});

/** Captures the app's log lines in memory. */
class MemoryLog extends Writable {
  readonly lines: string[] = [];
  override _write(chunk: Buffer, _encoding: string, callback: () => void) {
    this.lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    callback();
  }
  get text() {
    return this.lines.join('\n');
  }
  entries(): Array<Record<string, any>> {
    return this.lines.map((l) => JSON.parse(l));
  }
}

describe('request logs', () => {
  const log = new MemoryLog();
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({ logger: { level: 'info', stream: log } });
    admin = await signInAs(t.app, 'admin@demo.clinic');
  });
  afterAll(() => t.close());

  it('are JSON lines carrying the request id the response echoes, and no patient data, query strings included', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/patients', headers: admin, payload: patientPayload(CREATED) });
    expect(created.statusCode).toBe(201);
    const id = created.json().patient.id as string;
    const ids: string[] = [created.headers['x-request-id'] as string];
    for (const url of [
      `/api/patients?search=${CREATED.lastName}`,
      `/api/patients?search=${encodeURIComponent(`${CREATED.firstName} ${CREATED.lastName}`)}&status=active`,
      `/api/patients?search=${SEEDED[0]}`,
      `/api/triage/patients?search=${SEEDED[1]}&sortBy=lastName`,
      `/api/patients/${id}`,
      `/api/no-such-route?name=${SEEDED[2]}`,
      `/patients?search=${SEEDED[3]}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: admin });
      ids.push(res.headers['x-request-id'] as string);
    }
    const searched = await t.app.inject({ method: 'GET', url: `/api/patients?search=${CREATED.lastName}`, headers: admin });
    expect(searched.json().patients.map((p: { lastName: string }) => p.lastName)).toContain(CREATED.lastName);
    // A bad body and a wrong password: the body is never logged, the e-mail neither.
    await t.app.inject({
      method: 'POST',
      url: '/api/patients',
      headers: { ...admin, 'content-type': 'application/json' },
      payload: `{"firstName": "${SEEDED[4]}"`,
    });
    await t.app.inject({
      method: 'PUT',
      url: `/api/patients/${id}`,
      headers: admin,
      payload: { ...patientPayload(CREATED), dateOfBirth: 'not a date' },
    });
    await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: CREATED.email, password: 'demo-password' } });

    const entries = log.entries();
    expect(entries.length).toBeGreaterThan(10);
    for (const secret of SECRETS) expect(log.text, secret).not.toContain(secret);
    for (const reqId of ids) {
      expect(reqId).toMatch(/^[0-9a-f-]{36}$/);
      expect(entries.some((e) => e.reqId === reqId)).toBe(true);
    }
    // One line a request, when it is answered, with the request's route, redacted URL and status.
    expect(entries.filter((e) => e.msg === 'incoming request')).toEqual([]);
    expect(entries.filter((e) => e.reqId === ids[0])).toHaveLength(1);
    const searchLine = entries.find((e) => e.msg === 'request completed' && e.req?.route === '/api/patients' && e.req.url.includes('search'));
    expect(searchLine?.req).toMatchObject({ method: 'GET', route: '/api/patients', url: '/api/patients?search=[redacted]' });
    const completed = entries.find((e) => e.msg === 'request completed' && e.reqId === ids[0]);
    expect(completed).toMatchObject({ res: { statusCode: 201 }, level: 30 });
    expect(typeof completed?.responseTime).toBe('number');
    expect(log.text).not.toMatch(/authorization|cookie|bearer/i);
  });

  it("keeps a caller's sane x-request-id and replaces one that is not", async () => {
    const kept = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-7f3a9c.42:abc_DEF' } });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a9c.42:abc_DEF');
    expect(log.entries().some((e) => e.reqId === 'lb-7f3a9c.42:abc_DEF')).toBe(true);
    for (const bad of ['has spaces in it', 'x'.repeat(65), 'Xanthopoulos"}{', '']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': bad } });
      expect(res.headers['x-request-id'], bad).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('echoes the request id on refusals and errors too', async () => {
    const refused = await t.app.inject({ method: 'GET', url: '/api/patients', headers: { 'x-request-id': 'refused-1' } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['x-request-id']).toBe('refused-1');
    const missing = await t.app.inject({ method: 'GET', url: '/api/nothing-here', headers: { 'x-request-id': 'missing-1' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toBe('missing-1');
    const badUrl = await t.app.inject({
      method: 'GET',
      url: `/api/patients/${'x'.repeat(300)}`,
      headers: { ...admin, 'x-request-id': 'bad-url-1' },
    });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.headers['x-request-id']).toBe('bad-url-1');
  });

  it('drops a body, headers or a password passed to a log call, at the top and one level down', () => {
    const given = { patient: { id: 'p-kept-1', password: 'Secret-two' }, headers: { authorization: 'Bearer Secret-three' } };
    t.app.log.info({ body: { firstName: 'Secret-one' }, ...given }, 'logged by mistake');
    const line = log.entries().find((e) => e.msg === 'logged by mistake');
    expect(line).toMatchObject({ patient: { id: 'p-kept-1' } });
    expect(JSON.stringify(line)).not.toMatch(/Secret-(one|two|three)/);
    // The caller's own object is left as it was.
    expect(given.patient.password).toBe('Secret-two');
  });

  it('logs a failed request at error level without its query values', async () => {
    await t.appDatabase.close();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/patients?search=${CREATED.lastName}`,
      headers: { ...admin, 'x-request-id': 'failed-1' },
    });
    expect(res.statusCode).toBe(500);
    const failed = log.entries().find((e) => e.reqId === 'failed-1' && e.level === 50);
    expect(failed?.err?.type).toBeTruthy();
    expect(failed?.err?.stack ?? '').not.toMatch(/^\S/m);
    for (const secret of SECRETS) expect(log.text, secret).not.toContain(secret);
  });
});

describe('redactedUrl', () => {
  it('keeps the path and the parameter names, never a value', () => {
    expect(redactedUrl('/api/patients')).toBe('/api/patients');
    expect(redactedUrl('/api/patients?search=Smith&page=2')).toBe('/api/patients?search=[redacted]&page=[redacted]');
    expect(redactedUrl('/api/x?John%20Smith')).toBe('/api/x?_=[redacted]');
    expect(redactedUrl('/api/x?a=1&&b')).toBe('/api/x?a=[redacted]&b=[redacted]');
    expect(redactedUrl(`/api/${'p'.repeat(1000)}`)).toHaveLength(300);
  });
});

describe('requestId', () => {
  const raw = (id?: string) => ({ headers: id === undefined ? {} : { 'x-request-id': id } }) as never;
  it('keeps a sane token and makes a UUID otherwise', () => {
    expect(requestId(raw('abc-123'))).toBe('abc-123');
    expect(requestId(raw())).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestId(raw('a b'))).not.toBe('a b');
    expect(requestId(raw('<script>'))).not.toBe('<script>');
  });
});

describe('serializeError', () => {
  it("drops a failed query's parameters and the database's detail", () => {
    const cause = Object.assign(new Error('invalid input syntax for type uuid: "Xanthopoulos"'), {
      code: '22P02',
      detail: 'Key (email)=(quillonius.x@example.org) already exists.',
      table: 'patients',
      constraint: 'patients_pkey',
    });
    const err = new DrizzleQueryError('select * from "patients" where "last_name" = $1', ['Xanthopoulos', 'quillonius.x@example.org'], cause);
    const out = serializeError(err);
    const text = JSON.stringify(out);
    expect(text).not.toContain('Xanthopoulos');
    expect(text).not.toContain('quillonius');
    expect(out).toMatchObject({
      type: 'DrizzleQueryError',
      cause: { code: '22P02', table: 'patients', constraint: 'patients_pkey', message: 'invalid input syntax for type uuid: "[redacted]"' },
    });
    expect(out.message).toBe('Failed query: select * from "patients" where "last_name" = $1');
    expect(String(out.stack)).toMatch(/^\s+at /);
  });

  it('keeps an ordinary error message, and scrubs a string logged as err', () => {
    expect(serializeError(new TypeError('x is not a function'))).toMatchObject({ type: 'TypeError', message: 'x is not a function' });
    expect(serializeError('Failed query: insert\nparams: Smith')).toEqual({ message: 'Failed query: insert' });
    expect(serializeError({ any: 'thing' })).toEqual({ type: 'object' });
  });
});
