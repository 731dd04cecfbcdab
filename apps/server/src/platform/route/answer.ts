import type { FastifyReply } from 'fastify';
import { CommittedRefusal } from '../errors.js';
import { IDEMPOTENT_REPLAYED_HEADER, ReplayedAnswer } from '../idempotency.js';

/**
 * An answer whose JSON is partly written already: `fields` are serialized as usual and each of
 * `written` (JSON, e.g. built by the database) is put in as it is. For a large list whose rows
 * the database writes as JSON, so that they are not parsed, mapped and serialized again here. A
 * part written as UTF-8 bytes makes the whole answer bytes, so that it is not decoded and encoded
 * again.
 */
export class JsonAnswer {
  constructor(
    readonly fields: Record<string, unknown>,
    readonly written: Record<string, string | Buffer>,
  ) {}

  /** The answer's JSON: text, or bytes when a part was written as bytes. */
  body(): string | Buffer {
    const serialized = JSON.stringify(this.fields);
    const parts = Object.entries(this.written);
    if (parts.length === 0) return serialized;
    const head = `${serialized.slice(0, -1)}${serialized.length > 2 ? ',' : ''}`;
    if (parts.every(([, json]) => typeof json === 'string')) {
      return `${head}${parts.map(([key, json]) => `${JSON.stringify(key)}:${json}`).join(',')}}`;
    }
    const bytes = parts.flatMap(([key, json], i) => [
      Buffer.from(`${i === 0 ? head : ','}${JSON.stringify(key)}:`),
      typeof json === 'string' ? Buffer.from(json) : json,
    ]);
    return Buffer.concat([...bytes, Buffer.from('}')]);
  }
}

/**
 * Sets the reply's status (and type) for what the handler returned and gives the body to send: a
 * replayed idempotent answer or a refusal committed with its writes keep their own status.
 */
export function sendAnswer(reply: FastifyReply, body: object, status: number): unknown {
  if (body instanceof ReplayedAnswer) {
    reply.status(body.status).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
    return body.body;
  }
  if (body instanceof CommittedRefusal) {
    reply.status(body.status);
    return body.body;
  }
  if (body instanceof JsonAnswer) {
    reply.status(status).type('application/json; charset=utf-8');
    return body.body();
  }
  reply.status(status);
  return body;
}
