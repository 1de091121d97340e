import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { AppError } from './app-error';
import { errorHandler } from './error-handler';
import { route, routeFrom } from './route';

const ThingSchema = z.object({ id: z.string(), name: z.string() });
const DESCRIPTOR = {
  method: 'POST',
  path: '/wps/things/:id',
  auth: 'staff',
  params: z.object({ id: z.string().regex(/^[0-9]+$/, 'must be an id') }),
  query: z.object({ dry: z.enum(['yes', 'no']).optional() }),
  body: z.object({ name: z.string().min(1) }),
  response: ThingSchema,
} as const;

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
});

const appWith = (register: (instance: FastifyInstance) => void): FastifyInstance => {
  app = Fastify();
  app.setErrorHandler(errorHandler);
  register(app);
  return app;
};

describe('route from a descriptor', () => {
  it('should hand the handler the parsed input and answer its value in the envelope through the response', async () => {
    const server = appWith((instance) =>
      routeFrom(instance, DESCRIPTOR, {
        handler: async ({ params, query, body }) => {
          expectTypeOf(params).toEqualTypeOf<{ id: string }>();
          expectTypeOf(body).toEqualTypeOf<{ name: string }>();
          return { id: `${params.id}${query.dry ?? ''}`, name: body.name, secret: 'dropped' };
        },
      }),
    );
    const res = await server.inject({ method: 'POST', url: '/wps/things/7?dry=yes', payload: { name: 'A' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, value: { id: '7yes', name: 'A' } });
  });

  it('should refuse bad input as parseInput does, naming each input as the route says', async () => {
    const server = appWith((instance) =>
      routeFrom(instance, DESCRIPTOR, { what: { body: 'thing' }, handler: async () => ({ id: '1', name: 'A' }) }),
    );
    const badParams = await server.inject({ method: 'POST', url: '/wps/things/x', payload: { name: 'A' } });
    expect(badParams.statusCode).toBe(400);
    expect(badParams.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      message: 'Invalid path: id: must be an id',
      value: { fields: [{ path: 'id', message: 'must be an id' }] },
    });
    const badBody = await server.inject({ method: 'POST', url: '/wps/things/1', payload: { name: '' } });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json().message).toMatch(/^Invalid thing: name: /);
    const badQuery = await server.inject({ method: 'POST', url: '/wps/things/1?dry=maybe', payload: { name: 'A' } });
    expect(badQuery.json().message).toMatch(/^Invalid query: dry: /);
  });

  it('should run the guard before validating, and hand its answer to the handler', async () => {
    const server = appWith((instance) =>
      routeFrom(instance, DESCRIPTOR, {
        guard: (request) => {
          if (request.headers.authorization !== 'Bearer ok') throw new AppError('SESSION_INVALID', 401, 'Sign in');
          return { staff: 'alice' };
        },
        handler: async ({ caller, params }) => ({ id: params.id, name: caller.staff }),
      }),
    );
    const refused = await server.inject({ method: 'POST', url: '/wps/things/x', payload: {} });
    expect(refused.statusCode).toBe(401);
    const res = await server.inject({
      method: 'POST',
      url: '/wps/things/3',
      payload: { name: 'A' },
      headers: { authorization: 'Bearer ok' },
    });
    expect(res.json()).toEqual({ success: true, value: { id: '3', name: 'alice' } });
  });

  it('should answer a 500 when the handler breaks the response contract', async () => {
    const server = appWith((instance) =>
      // @ts-expect-error the handler's value must match the response schema
      routeFrom(instance, DESCRIPTOR, { handler: async () => ({ id: 1 }) }),
    );
    const res = await server.inject({ method: 'POST', url: '/wps/things/1', payload: { name: 'A' } });
    expect(res.statusCode).toBe(500);
  });

  it('should pass through what a handler sent itself, and a body without a response schema', async () => {
    const { response: _response, ...withoutResponse } = DESCRIPTOR;
    const server = appWith((instance) => {
      routeFrom(
        instance,
        { ...DESCRIPTOR, path: '/wps/sent/:id' },
        {
          handler: async ({ reply }) => reply.type('text/plain').send('raw'),
        },
      );
      routeFrom(instance, withoutResponse, { handler: async () => ({ success: true, value: null, message: 'Done' }) });
    });
    const sent = await server.inject({ method: 'POST', url: '/wps/sent/1', payload: { name: 'A' } });
    expect(sent.body).toBe('raw');
    const own = await server.inject({ method: 'POST', url: '/wps/things/1', payload: { name: 'A' } });
    expect(own.json()).toEqual({ success: true, value: null, message: 'Done' });
  });

  it('should validate the absent body as the route says, and refuse it without', async () => {
    const OPTIONAL = { ...DESCRIPTOR, body: z.object({ name: z.string().default('none') }) };
    const server = appWith((instance) => {
      routeFrom(instance, OPTIONAL, { absentBody: {}, handler: async ({ body }) => ({ id: '1', name: body.name }) });
      routeFrom(instance, { ...OPTIONAL, path: '/wps/strict/:id' }, { handler: async () => ({ id: '1', name: 'A' }) });
    });
    const absent = await server.inject({ method: 'POST', url: '/wps/things/1' });
    expect(absent.json()).toEqual({ success: true, value: { id: '1', name: 'none' } });
    const sent = await server.inject({ method: 'POST', url: '/wps/things/1', payload: { name: 'B' } });
    expect(sent.json()).toEqual({ success: true, value: { id: '1', name: 'B' } });
    const strict = await server.inject({ method: 'POST', url: '/wps/strict/1' });
    expect(strict.statusCode).toBe(400);
    expect(strict.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('should leave a sealed body to the handler', async () => {
    const server = appWith((instance) =>
      routeFrom(
        instance,
        { ...DESCRIPTOR, encoding: 'sealed' },
        {
          handler: async ({ body, request }) => {
            expectTypeOf(body).toEqualTypeOf<undefined>();
            return { id: String(body), name: (request.body as { sealed: string }).sealed };
          },
        },
      ),
    );
    const res = await server.inject({ method: 'POST', url: '/wps/things/1', payload: { sealed: 'abc' } });
    expect(res.json()).toEqual({ success: true, value: { id: 'undefined', name: 'abc' } });
  });

  it('should refuse a route the contracts do not describe', () => {
    expect(() =>
      appWith((instance) =>
        // @ts-expect-error not a path of the catalogue
        route(instance, 'GET', '/wps/nowhere', { handler: async () => null }),
      ),
    ).toThrow('No route descriptor for GET /wps/nowhere');
  });
});
