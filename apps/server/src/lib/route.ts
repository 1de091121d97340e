import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import type {
  AGENT_CONTENT_ROUTES,
  AGENT_CONTRACT_OPS_ROUTES,
  AGENT_CONTRACT_ROUTES,
  AGENT_OPS_ROUTES,
  AGENT_ROUTES,
  ENGAGEMENT_ROUTES,
  CHAT_ROUTES,
  FEEDBACK_ROUTES,
  INBOX_ROUTES,
  LOTTERY_OPS_ROUTES,
  MISSION_ROUTES,
  MONEY_ROUTES,
  OPS_ROUTES,
  PLAYER_ROUTES,
  REFERRAL_ROUTES,
  POINTS_ROUTES,
} from '@platform/contracts';
import {
  ROUTE_DESCRIPTORS,
  type BodyEncoding,
  type RouteDescriptor,
  type RouteMethod,
  type SuccessEnvelope,
} from '@platform/contracts';
import { success } from './respond';
import { parseInput } from './validate';

/** Every descriptor of the catalogue with its own schema types, so a route's input types follow from its path. */
type Catalogue =
  | (typeof PLAYER_ROUTES)[number]
  | (typeof MONEY_ROUTES)[number]
  | (typeof OPS_ROUTES)[number]
  | (typeof AGENT_ROUTES)[number]
  | (typeof AGENT_CONTENT_ROUTES)[number]
  | (typeof AGENT_OPS_ROUTES)[number]
  | (typeof AGENT_CONTRACT_ROUTES)[number]
  | (typeof AGENT_CONTRACT_OPS_ROUTES)[number]
  | (typeof ENGAGEMENT_ROUTES)[number]
  | (typeof INBOX_ROUTES)[number]
  | (typeof FEEDBACK_ROUTES)[number]
  | (typeof CHAT_ROUTES)[number]
  | (typeof LOTTERY_OPS_ROUTES)[number]
  | (typeof REFERRAL_ROUTES)[number]
  | (typeof POINTS_ROUTES)[number]
  | (typeof MISSION_ROUTES)[number];
export type RoutePath<M extends RouteMethod> = Extract<Catalogue, { method: M }>['path'];
export type DescriptorOf<M extends RouteMethod, P extends string> = Extract<Catalogue, { method: M; path: P }>;

/** Bodies the helper parses; sealed, multipart and signed-json bodies are opened or verified by the handler first. */
const PARSED_ENCODINGS: readonly (BodyEncoding | undefined)[] = [undefined, 'json', 'form'];
type HandlerParsed = 'sealed' | 'multipart' | 'signed-json';

type Parsed<D, K extends 'params' | 'query' | 'body'> = D extends { [key in K]: infer S extends z.ZodType }
  ? z.output<S>
  : undefined;
export type BodyOf<D> = D extends { encoding: HandlerParsed } ? undefined : Parsed<D, 'body'>;
export type ResponseIn<D> = D extends { response: infer S extends z.ZodType } ? z.input<S> : unknown;
type ResponseOut<D> = D extends { response: infer S extends z.ZodType } ? z.output<S> : unknown;

/** What a handler receives: the validated input, the guard's answer, and the request and reply for the rest. */
export type RouteContext<D, G> = {
  params: Parsed<D, 'params'>;
  query: Parsed<D, 'query'>;
  body: BodyOf<D>;
  /** What `guard` returned (the staff caller, the session...), undefined without a guard. */
  caller: G;
  request: FastifyRequest;
  reply: FastifyReply;
  descriptor: D;
  /** The success envelope of a value, for a handler that sends through the response cache. */
  envelope: (value: ResponseIn<D>) => SuccessEnvelope<ResponseOut<D>>;
};

export type RouteSpec<D, G> = {
  /**
   * Runs before the input is validated (authentication, the merchant): a caller who may not call the route learns
   * nothing about what its input should be.
   */
  guard?: (request: FastifyRequest, reply: FastifyReply) => G | Promise<G>;
  /**
   * Runs after the guard and before validation: a reply it sent (the response cache's answer to a URL it knows) is
   * the answer, and the input is not validated; undefined takes the normal path.
   */
  shortcut?: (request: FastifyRequest, reply: FastifyReply, caller: G) => FastifyReply | undefined;
  /** How the validation message names each input (`Invalid <name>: ...`); default `path`, `query` and `body`. */
  what?: { params?: string; query?: string; body?: string };
  /** The body validated when the request sends none (`{}` for a body whose fields are all optional). */
  absentBody?: unknown;
  /** Fastify route options (body limit, compression...). */
  options?: RouteShorthandOptions;
  /**
   * Answers the value of the success envelope, serialized through the descriptor's `response` schema (undeclared
   * fields dropped; a value breaking the contract is a 500). A handler whose descriptor has no `response` answers
   * the whole body itself (`done(...)`, a file); one that sent the reply itself returns it.
   */
  handler: (context: RouteContext<D, G>) => Promise<ResponseIn<D> | FastifyReply>;
};

const findDescriptor = (method: RouteMethod, path: string): RouteDescriptor => {
  const descriptor = ROUTE_DESCRIPTORS.find((candidate) => candidate.method === method && candidate.path === path);
  if (descriptor === undefined) throw new Error(`No route descriptor for ${method} ${path} in the contracts`);
  return descriptor;
};

/** The contracts' descriptor of `method` and `path`, with its schema types. */
export const descriptorOf = <M extends RouteMethod, P extends RoutePath<M>>(method: M, path: P): DescriptorOf<M, P> =>
  findDescriptor(method, path) as DescriptorOf<M, P>;

/**
 * Registers the route that the contracts describe at `method` and `path`: the guard, then params, query and body
 * validated with the descriptor's schemas (400 VALIDATION_FAILED, as parseInput), then the handler with typed
 * input, and its result in the success envelope through the descriptor's `response`.
 *
 * ```ts
 * route(app, 'PATCH', OPS_API.game, {
 *   guard: (request) => staff.requireStaff(request, 'games.manage'),
 *   what: { params: 'game id', body: 'game' },
 *   handler: ({ caller, params, body }) => games.patch(caller, params.nodeId, body),
 * });
 * ```
 */
export const route = <M extends RouteMethod, P extends RoutePath<M>, G = undefined>(
  app: FastifyInstance,
  method: M,
  path: P,
  spec: RouteSpec<DescriptorOf<M, P>, G>,
): void => routeFrom(app, findDescriptor(method, path) as DescriptorOf<M, P>, spec);

/** Registers a route from a descriptor given as it is (`route` finds it in the contracts' catalogue). */
export const routeFrom = <const D extends RouteDescriptor, G = undefined>(
  app: FastifyInstance,
  descriptor: D,
  spec: RouteSpec<D, G>,
): void => {
  const { method, path, params, query, body, response, encoding } = descriptor;
  const parsesBody = body !== undefined && PARSED_ENCODINGS.includes(encoding);
  const envelope = (value: unknown) => (response === undefined ? value : success(response, value));
  app.route({
    ...spec.options,
    method,
    url: path,
    handler: async (request, reply) => {
      const caller = (spec.guard === undefined ? undefined : await spec.guard(request, reply)) as G;
      const answered = spec.shortcut?.(request, reply, caller);
      if (answered !== undefined) return answered;
      const context = {
        params: params === undefined ? undefined : parseInput(params, request.params, spec.what?.params ?? 'path'),
        query: query === undefined ? undefined : parseInput(query, request.query, spec.what?.query ?? 'query'),
        body: parsesBody ? parseInput(body, request.body ?? spec.absentBody, spec.what?.body ?? 'body') : undefined,
        caller,
        request,
        reply,
        descriptor,
        envelope,
      } as RouteContext<D, G>;
      const result = await spec.handler(context);
      return result === reply || reply.sent ? reply : envelope(result);
    },
  });
};
