import type { z } from 'zod';

export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route, as the handler checks it: `none` (public), `optional` (public; a session changes the answer),
 * `session` (any member session, trial members included), `member` (a real account: member or agent), `agent`,
 * `staff` (a back-office session; its permission is in STAFF_ENDPOINTS), `vendor-signature` (the seamless wallet's
 * signed calls) and `gateway-signature` (a payment gateway's signed webhook).
 */
export type RouteAuth =
  'none' | 'optional' | 'session' | 'member' | 'agent' | 'staff' | 'vendor-signature' | 'gateway-signature';

/**
 * How the body travels: `json`; `sealed` (spec "E": a SealedPayload wrapping a body of `body`'s shape, sealed.ts);
 * `form` (application/x-www-form-urlencoded); `multipart` (fields of `body`'s shape and files); `signed-json` (JSON
 * whose exact bytes are signed; the handler parses it after the signature matched).
 */
export type BodyEncoding = 'json' | 'sealed' | 'form' | 'multipart' | 'signed-json';

/**
 * One API route of the platform. On the server, `route()` (apps/server/src/lib/route.ts) registers a handler from its
 * descriptor: it validates params, query and a JSON or form body with these schemas and serializes the handler's
 * result through `response` into the success envelope; routes not yet moved to it still parse with the same schemas
 * themselves. The descriptor test fails when the server and this catalogue disagree on which routes exist, and the
 * input fuzz test reads the request schemas from here.
 */
export type RouteDescriptor = {
  method: RouteMethod;
  path: string;
  auth: RouteAuth;
  query?: z.ZodType;
  params?: z.ZodType;
  body?: z.ZodType;
  /** Default `json` when there is a body. */
  encoding?: BodyEncoding;
  /** The success envelope's `value` (`{ success: true, value }`); absent when the route answers otherwise. */
  response?: z.ZodType;
};
