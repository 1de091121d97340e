import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import {
  SEAMLESS_HEADERS,
  SealedPayloadSchema,
  sealPayload,
  type PublicKeyInfo,
  type RouteDescriptor,
} from '@platform/contracts';
import { signSeamless } from '../modules/games/seamless';
import { freshIp } from '../test/identity-helpers';
import { badInputsOf, HUGE_TEXT, sampleOf, type Mutation } from './schema-inputs';

/** The sessions the fuzz sends with, so each request passes authentication and reaches validation. */
export type FuzzCallers = {
  member: string;
  agent: string;
  staff: string;
  publicKey: PublicKeyInfo;
  /** The merchant, vendor and shared secret the app resolves for the seamless wallet's signed calls. */
  vendor: { merchant: string; vendor: string; secret: string };
};

/** One request before it is sent: sealing needs the clock of the moment it goes out. */
export type FuzzRequest = { route: string; label: string; send: () => Promise<LightMyRequestResponse> };

/** Splits with the surrogate captured: odd pieces are lone surrogates. */
const LONE_SURROGATE = /([\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF])/;
const wtf8 = (char: string): string => {
  const code = char.charCodeAt(0);
  return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
    .map((byte) => `%${byte.toString(16).toUpperCase()}`)
    .join('');
};
/**
 * Percent-encoding that also carries what encodeURIComponent refuses: a lone surrogate goes as its three WTF-8 bytes,
 * the nearest thing a client can put on the wire.
 */
const encode = (text: string): string =>
  text
    .split(LONE_SURROGATE)
    .map((piece, i) => (i % 2 === 1 ? wtf8(piece) : encodeURIComponent(piece)))
    .join('');

const asText = (value: unknown): string =>
  typeof value === 'string' ? value : value === null ? 'null' : JSON.stringify(value);

const queryString = (query: unknown): string => {
  if (query === null || typeof query !== 'object' || Array.isArray(query)) return `?q=${encode(asText(query))}`;
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    for (const item of Array.isArray(value) ? value : [value]) pairs.push(`${encode(key)}=${encode(asText(item))}`);
  }
  return pairs.length === 0 ? '' : `?${pairs.join('&')}`;
};

const PARAM_VALUES: readonly [string, string][] = [
  ['NUL', 'a\u0000b'],
  ['lone surrogate', '\uD800'],
  ['1 MB', HUGE_TEXT],
  ['zero', '0'],
  ['negative', '-1'],
  ['huge', '99999999999999999999999'],
  ['exponent', '1e5'],
  ['decimal', '1.5'],
  ['text', 'abc'],
];

const pathWith = (path: string, params: Record<string, string>): string =>
  path.replace(/:([A-Za-z]+)/g, (_match, name: string) => encode(params[name] ?? 'x'));

const paramNames = (path: string): string[] => [...path.matchAll(/:([A-Za-z]+)/g)].map((match) => match[1] as string);

const multipart = (fields: unknown): { payload: string; contentType: string } => {
  const boundary = 'fuzzboundary7MA4YWxkTrZu0gW';
  const entries = fields !== null && typeof fields === 'object' ? Object.entries(fields) : [['state', fields]];
  const parts = entries.map(
    ([name, value]) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${String(name)}"\r\n\r\n${asText(value)}\r\n`,
  );
  return { payload: `${parts.join('')}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` };
};

const formBody = (body: unknown): string =>
  body !== null && typeof body === 'object' && !Array.isArray(body)
    ? Object.entries(body)
        .map(([key, value]) => `${encode(key)}=${encode(asText(value))}`)
        .join('&')
    : encode(asText(body));

/** Write routes get the bad values of their kind; a mutation the schema accepts is sent only when it is bad money. */
const worthSending = (route: RouteDescriptor, schema: unknown, mutation: Mutation): boolean => {
  if (route.method === 'GET') return true;
  const accepted = (schema as { safeParse(value: unknown): { success: boolean } }).safeParse(mutation.value).success;
  return !accepted || / (negative|zero|too many decimals|huge|exponent|1 MB)/.test(mutation.label);
};

/** The seamless wallet's signed headers (docs/protocols/seamless-wallet.md), so a call reaches its body's checks. */
const vendorSignature = (
  route: RouteDescriptor,
  callers: FuzzCallers,
  raw: string,
  now: () => number,
): Record<string, string> => {
  if (route.auth !== 'vendor-signature') return {};
  const timestamp = String(now());
  return {
    [SEAMLESS_HEADERS.merchant]: callers.vendor.merchant,
    [SEAMLESS_HEADERS.vendor]: callers.vendor.vendor,
    [SEAMLESS_HEADERS.timestamp]: timestamp,
    [SEAMLESS_HEADERS.signature]: signSeamless(callers.vendor.secret, timestamp, raw),
  };
};

/** Headers that authenticate `route` as its auth says (logout routes go without: they would end the fuzz's session). */
const authHeaders = (route: RouteDescriptor, callers: FuzzCallers): Record<string, string> => {
  if (/logout$/.test(route.path)) return {};
  const token = { member: callers.member, session: callers.member, optional: callers.member, agent: callers.agent }[
    route.auth as string
  ];
  if (token !== undefined) return { authorization: `Bearer ${token}` };
  if (route.auth === 'staff') return { authorization: `Bearer ${callers.staff}` };
  return {};
};

/** Every bad request of one route: its body, query and path parameters, one bad part at a time. */
export const fuzzRequestsOf = (
  app: FastifyInstance,
  route: RouteDescriptor,
  callers: FuzzCallers,
  now: () => number,
): FuzzRequest[] => {
  const name = `${route.method} ${route.path}`;
  const headers = authHeaders(route, callers);
  const validParams = (route.params ? sampleOf(route.params).sample : {}) as Record<string, string>;
  const query = route.query ? badInputsOf(route.query) : undefined;
  const body = route.body ? badInputsOf(route.body) : undefined;
  const baseQuery = query ? queryString(query.sample) : '';
  const url = (params: Record<string, string>, search = baseQuery) => `${pathWith(route.path, params)}${search}`;

  const sendBody = (payload: unknown, target = url(validParams)): Promise<LightMyRequestResponse> => {
    const base: InjectOptions = {
      method: route.method,
      url: target,
      headers: { ...headers, 'x-forwarded-for': freshIp() },
    };
    switch (route.encoding ?? 'json') {
      case 'sealed':
        return sealPayload(callers.publicKey, payload, now()).then((envelope) =>
          app.inject({ ...base, payload: envelope }),
        );
      case 'form':
        return app.inject({
          ...base,
          headers: { ...base.headers, 'content-type': 'application/x-www-form-urlencoded' },
          payload: formBody(payload),
        });
      case 'multipart': {
        const { payload: text, contentType } = multipart(payload);
        return app.inject({ ...base, headers: { ...base.headers, 'content-type': contentType }, payload: text });
      }
      case 'signed-json': {
        const raw = JSON.stringify(payload) ?? '';
        return app.inject({
          ...base,
          headers: {
            ...base.headers,
            'content-type': 'application/json',
            ...vendorSignature(route, callers, raw, now),
          },
          payload: raw,
        });
      }
      default:
        return app.inject({ ...base, payload: payload as InjectOptions['payload'] });
    }
  };
  const bodySample = body?.sample ?? (route.method === 'GET' || route.method === 'DELETE' ? undefined : {});
  const send = (target: string) => () =>
    bodySample === undefined
      ? app.inject({ method: route.method, url: target, headers: { ...headers, 'x-forwarded-for': freshIp() } })
      : sendBody(bodySample, target);

  const requests: FuzzRequest[] = [];
  const add = (label: string, run: () => Promise<LightMyRequestResponse>) =>
    requests.push({ route: name, label, send: run });

  let hugeSealed = 0;
  for (const mutation of body?.inputs ?? []) {
    // A sealed megabyte never fits the envelope (SealedPayloadSchema caps its data), and sealing one costs a client
    // half a second here: one per route shows the envelope refuses it.
    if (route.encoding === 'sealed' && mutation.label.endsWith('1 MB string') && (hugeSealed += 1) > 1) continue;
    if (worthSending(route, route.body, mutation)) add(`body ${mutation.label}`, () => sendBody(mutation.value));
  }
  if (route.encoding === 'sealed') {
    // The envelope itself, as a client that does not seal (or seals badly) sends it.
    for (const mutation of badInputsOf(SealedPayloadSchema).inputs) {
      add(`envelope ${mutation.label}`, () =>
        app.inject({
          method: route.method,
          url: url(validParams),
          headers: { ...headers, 'x-forwarded-for': freshIp() },
          payload: mutation.value as InjectOptions['payload'],
        }),
      );
    }
  }
  for (const mutation of query?.inputs ?? [])
    add(`query ${mutation.label}`, send(url(validParams, queryString(mutation.value))));
  for (const param of paramNames(route.path)) {
    for (const [label, value] of PARAM_VALUES)
      add(`param ${param}: ${label}`, send(url({ ...validParams, [param]: value })));
  }
  // Whatever a route declares, text the database cannot store in an undeclared query field or body field.
  add('query extra: NUL', send(url(validParams, `${baseQuery === '' ? '?' : `${baseQuery}&`}extra=%00`)));
  if (route.method !== 'GET') {
    add('body extra: lone surrogate', () =>
      sendBody({ ...(bodySample !== null && typeof bodySample === 'object' ? bodySample : {}), extra: '\uDFFF' }),
    );
    add('body: malformed JSON', () =>
      app.inject({
        method: route.method,
        url: url(validParams),
        headers: { ...headers, 'x-forwarded-for': freshIp(), 'content-type': 'application/json' },
        payload: '{"a":',
      }),
    );
  }
  return requests;
};
