import type { ScopedResource } from '@clinic/domain';
import Fastify from 'fastify';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type * as contexts from './context.js';
import { defineRoute } from './define-route.js';
import type { AccessRule, ContextOf, DefaultTenant, InputOf, RouteDefinition } from './options.js';

/** The route definition's types, and the combinations of options it refuses; its behaviour is in `../route.test.ts`. */
describe('defineRoute, the context each caller and tenant get', () => {
  it('is picked from the caller, the tenant mode and whether the route streams', () => {
    expectTypeOf<ContextOf<'session', DefaultTenant<'session'>, false>>().toEqualTypeOf<contexts.TenantRouteContext>();
    expectTypeOf<ContextOf<'session', 'on-demand', false>>().toEqualTypeOf<contexts.TenantAccountRouteContext>();
    expectTypeOf<ContextOf<'account', DefaultTenant<'account'>, false>>().toEqualTypeOf<contexts.AccountRouteContext>();
    expectTypeOf<ContextOf<'public', 'transaction', false>>().toEqualTypeOf<contexts.PublicRouteContext>();
    expectTypeOf<ContextOf<'public', 'none', false>>().toEqualTypeOf<contexts.PublicAccountContext>();
    expectTypeOf<ContextOf<'public-or-session', 'transaction', false>>().toEqualTypeOf<contexts.PublicOrTenantRouteContext>();
    expectTypeOf<ContextOf<'api-key', 'transaction', false>>().toEqualTypeOf<contexts.FhirRouteContext>();
    expectTypeOf<ContextOf<'webhook', DefaultTenant<'webhook'>, false>>().toEqualTypeOf<contexts.WebhookContext>();
    expectTypeOf<ContextOf<'session', 'transaction', true>>().toEqualTypeOf<contexts.SessionStreamContext>();
    expectTypeOf<ContextOf<'public', 'transaction', true>>().toEqualTypeOf<contexts.PublicStreamContext>();
  });

  it('is never for a caller and tenant no route runs', () => {
    expectTypeOf<ContextOf<'account', 'transaction', false>>().toBeNever();
    expectTypeOf<ContextOf<'webhook', 'transaction', false>>().toBeNever();
    expectTypeOf<ContextOf<'public', 'on-demand', false>>().toBeNever();
    expectTypeOf<ContextOf<'api-key', 'transaction', true>>().toBeNever();
  });

  it('asks an access rule of the callers a membership admits, and none of the others', () => {
    expectTypeOf<RouteDefinition<'session'>['access']>().toEqualTypeOf<AccessRule>();
    expectTypeOf<RouteDefinition<'api-key'>['resources']>().toEqualTypeOf<readonly ScopedResource[]>();
    expectTypeOf<RouteDefinition<'public'>['access']>().toEqualTypeOf<undefined>();
    expectTypeOf<RouteDefinition<'account'>['access']>().toEqualTypeOf<undefined>();
  });

  it('gives a webhook the raw body and other callers the parsed one', () => {
    type Body = z.ZodObject<{ n: z.ZodNumber }>;
    expectTypeOf<InputOf<'webhook', undefined, undefined, Body>['body']>().toEqualTypeOf<string>();
    expectTypeOf<InputOf<'session', undefined, undefined, Body>['body']>().toEqualTypeOf<{ n: number }>();
  });

  it('refuses a combination no route runs when it is registered', () => {
    const define = (options: object) => () => defineRoute(Fastify(), options as never, async () => ({}));
    expect(define({ method: 'GET', url: '/api/x', summary: 'x', caller: 'account', tenant: 'transaction' })).toThrow(/no route runs/);
    expect(define({ method: 'POST', url: '/api/y', summary: 'y', caller: 'public', stream: true })).toThrow(/a stream is a GET/);
  });
});
