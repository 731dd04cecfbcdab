import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerSchemaOf } from './reply-schema.js';

const contract = z.object({
  success: z.literal(true),
  visit: z.object({ id: z.string(), endedAt: z.string().nullable(), tags: z.array(z.string()) }),
  status: z.enum(['waiting', 'seen']).optional(),
});

async function serialized(body: unknown) {
  const app = Fastify();
  app.get('/reply', { schema: { response: { 200: serializerSchemaOf(contract) } } }, async () => body);
  const res = await app.inject({ url: '/reply' });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

describe('a JSON reply serialized from its contract (route/reply-schema.ts)', () => {
  it('writes the fields the contract names, nullable and optional ones included', async () => {
    const body = { success: true, visit: { id: 'v1', endedAt: null, tags: ['a'] }, status: 'seen' };
    expect(await serialized(body)).toEqual({ status: 200, body });
  });

  it('leaves out what the contract does not name, at every depth', async () => {
    const res = await serialized({ success: true, visit: { id: 'v1', endedAt: null, tags: [], passwordHash: 'x' }, internal: 1 });
    expect(res.body).toEqual({ success: true, visit: { id: 'v1', endedAt: null, tags: [] } });
  });

  it('writes a nullable object, list and value as null or as themselves, by the nullable keyword', async () => {
    const nullable = z.object({
      vitals: z.object({ heartRate: z.number().nullable() }).nullable(),
      tags: z.array(z.string()).nullable(),
      level: z.enum(['LOW', 'HIGH']).nullable(),
    });
    const schema = JSON.stringify(serializerSchemaOf(nullable));
    expect(schema).not.toContain('anyOf');
    const app = Fastify();
    app.get('/n', { schema: { response: { 200: serializerSchemaOf(nullable) } } }, async (request) =>
      (request.query as { empty?: string }).empty
        ? { vitals: null, tags: null, level: null }
        : { vitals: { heartRate: null }, tags: ['a'], level: 'HIGH' },
    );
    expect((await app.inject({ url: '/n?empty=1' })).json()).toEqual({ vitals: null, tags: null, level: null });
    expect((await app.inject({ url: '/n' })).json()).toEqual({ vitals: { heartRate: null }, tags: ['a'], level: 'HIGH' });
  });

  it('is plain JSON Schema without a draft marker, which the serializer would not read', () => {
    const schema = serializerSchemaOf(contract);
    expect(schema).not.toHaveProperty('$schema');
    expect(schema).toMatchObject({ type: 'object', required: ['success', 'visit'] });
  });
});
