import type { FastifyReply } from 'fastify';
import { CommittedRefusal } from '../errors.js';
import { IDEMPOTENT_REPLAYED_HEADER, ReplayedAnswer } from '../idempotency.js';

/**
 * An answer whose JSON is partly written already: `fields` are serialized as usual and each of
 * `written` (JSON text, e.g. built by the database) is put in as it is. For a large list whose rows
 * the database writes as JSON, so that they are not parsed, mapped and serialized again here.
 */
export class JsonAnswer {
  constructor(
    readonly fields: Record<string, unknown>,
    readonly written: Record<string, string>,
  ) {}

  text(): string {
    const parts = Object.entries(this.written).map(([key, json]) => `${JSON.stringify(key)}:${json}`);
    const serialized = JSON.stringify(this.fields);
    return parts.length === 0 ? serialized : `${serialized.slice(0, -1)}${serialized.length > 2 ? ',' : ''}${parts.join(',')}}`;
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
    return body.text();
  }
  reply.status(status);
  return body;
}
