import { errorResponseSchema } from '@nuvem/contracts/common';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerUser, testDriver, testOrigin, useTestApp, type TestUser } from './test/helper.testing.js';

/**
 * Every operation of the OpenAPI document, fed generated input (hostile strings, NUL, lone
 * surrogates, huge numbers, wrong types, nested junk, schema-shaped bodies with hostile values),
 * anonymously and signed in: no answer may be a 5xx, and every JSON error keeps the error shape.
 *
 * Reproduce a failure with the seed it prints: FUZZ_SEED=<seed> (and FUZZ_RUNS=<runs> for more).
 */
const seed = Number(process.env.FUZZ_SEED ?? 20_260_411);
const numRuns = Number(process.env.FUZZ_RUNS ?? 20);

/** Operations not fuzzed, with why. Everything else is safe to call here (no provider is configured). */
const excluded: Record<string, string> = {
  // A stream open until the client leaves: a request to it never ends. Its own suite
  // (modules/realtime) covers its answers to bad input: 401, 429, a foreign Last-Event-ID.
  'GET /api/realtime/events': 'a Server-Sent Events stream does not end',
};

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
};
type Parameter = { in: 'path' | 'query' | 'header' | 'cookie'; name: string; schema?: JsonSchema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

// ---- hostile values -------------------------------------------------------------------------

const nasty = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '\udc00\ud800',
  '🌍',
  '\u202e',
  '\uffff',
  '',
  ' ',
  '%00',
  '%',
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '9'.repeat(40),
  '-1',
  '0',
  '1e309',
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'usr_',
  'app_x',
  'key_x',
  'ctr_x',
  'nuv_x',
  'nat_x',
  'x'.repeat(5000),
];
const nastyString = fc.constantFrom(...nasty);

/** Strings, from ordinary to unstorable: arbitrary UTF-16 (lone surrogates included) and known traps. */
const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: nastyString },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) }) },
  { weight: 2, arbitrary: fc.tuple(fc.string({ maxLength: 8 }), nastyString, fc.string()).map((p) => p.join('')) },
);

const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -0, -1, 1, 2 ** 31, 2 ** 31 - 1, -(2 ** 31), 2 ** 53 + 2, -(2 ** 53), 1e21, 1e308, -1e308, 0.5),
);

const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileString, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** A value shaped by the schema most of the time, with hostile leaves and now and then the wrong type. */
function fromSchema(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return hostileValue;
  const typed = typedFromSchema(schema, depth);
  return fc.oneof({ weight: 8, arbitrary: typed }, { weight: 1, arbitrary: hostileValue });
}

function typedFromSchema(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.oneof(fc.constantFrom(...schema.enum), hostileString);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => fromSchema(s, depth + 1)));
  if (schema.allOf?.length) return fromSchema(schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      const plausible =
        schema.format === 'email'
          ? fc.emailAddress()
          : schema.format === 'uri'
            ? fc.webUrl()
            : fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 200) });
      return fc.oneof(
        { weight: 3, arbitrary: plausible },
        { weight: 1, arbitrary: hostileString },
        { weight: 1, arbitrary: fc.tuple(plausible, nastyString).map(([text, junk]) => `${junk}${text}`) },
      );
    }
    case 'integer':
      return fc.oneof(fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 }), hostileNumber);
    case 'number':
      return fc.oneof(
        fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true }),
        hostileNumber,
      );
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(fromSchema(schema.items, depth + 1), { maxLength: 5 });
    case 'object': {
      const properties = schema.properties ?? {};
      const shaped = fc.record(
        Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, fromSchema(s, depth + 1)])),
        { requiredKeys: (schema.required ?? []).filter((k) => k in properties) },
      );
      return fc.oneof(
        { weight: 4, arbitrary: shaped },
        {
          weight: 1,
          arbitrary: fc
            .tuple(shaped, fc.dictionary(hostileString, hostileValue, { maxKeys: 3 }))
            .map(([a, b]) => ({ ...b, ...(a as object) })),
        },
      );
    }
    default:
      return hostileValue;
  }
}

// ---- URLs: percent-encoded as a raw client would send them -----------------------------------

/** encodeURIComponent, except that a lone surrogate goes out as its (invalid) 3-byte UTF-8 form. */
function encode(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      const bytes = [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
      out += bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(ch);
    }
  }
  return out;
}

/** A path segment or query value: encoded text, or raw broken escapes the client wrote itself. */
function urlPiece(known: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: hostileString.map(encode) },
    { weight: 2, arbitrary: fc.constantFrom(...known.map(encode)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('%00', '%ED%A0%80', '%C0%80', '%FF', '%', '%zz', '%E0%A4%A', '%2F', '..', '%2e%2e'),
    },
    { weight: 1, arbitrary: fc.string({ minLength: 1 }).map(encode) },
  );
}

function queryString(parameters: Parameter[], known: string[]): fc.Arbitrary<string> {
  const names = parameters.filter((p) => p.in === 'query').map((p) => p.name);
  const value = fc.oneof(
    urlPiece(known),
    hostileNumber.map((n) => encode(String(n))),
    ...parameters
      .filter((p) => p.in === 'query' && p.schema?.enum)
      .map((p) => fc.constantFrom(...p.schema!.enum!.map((v) => encode(String(v))))),
  );
  const name = names.length
    ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...names) }, urlPiece(names))
    : urlPiece(['q']);
  const pairs = fc
    .array(fc.tuple(name, fc.option(value, { nil: undefined })), { minLength: 1, maxLength: 4 })
    .map((list) => list.map(([k, v]) => (v === undefined ? k : `${k}=${v}`)).join('&'));
  // Routes without query parameters mostly get none, so their other input reaches the handler.
  return fc.oneof({ weight: names.length ? 1 : 3, arbitrary: fc.constant('') }, { weight: 3, arbitrary: pairs });
}

// ---- bodies -----------------------------------------------------------------------------------

type Body = { contentType?: string; payload?: string | Buffer };

function bodyArbitrary(operation: Operation): fc.Arbitrary<Body> {
  const schema = operation.requestBody?.content?.['application/json']?.schema;
  const json = (value: fc.Arbitrary<unknown>) =>
    value.map((v): Body => ({ contentType: 'application/json', payload: JSON.stringify(v) }));
  return fc.oneof(
    { weight: 4, arbitrary: json(fromSchema(schema)) },
    { weight: 2, arbitrary: json(hostileValue) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          '{"a":"\\u0000"}',
          '{"name":"\\ud800"}',
          '["\\udfff"]',
          '{"n":1e400}',
          '{"n":123456789012345678901234567890}',
          '{"__proto__":{"x":1}}',
          '{"constructor":{"prototype":{"x":1}}}',
          '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
          '{',
          'nul\u0000',
          '"just a string"',
          '',
          '   ',
        )
        .map((payload): Body => ({ contentType: 'application/json', payload })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom('text/plain', 'image/png', 'image/jpeg', 'image/webp', 'application/octet-stream', 'x/y'),
          fc.uint8Array({ maxLength: 64 }),
        )
        .map(([contentType, bytes]): Body => ({ contentType, payload: Buffer.from(bytes) })),
    },
    { weight: 1, arbitrary: fc.constant<Body>({}) },
  );
}

/** fast-check's report (seed, path, counterexample) and the failure it found. */
function describeFailure(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? `\n${error.cause.message}` : '';
  return `${String(error).slice(0, 1500)}${cause}`;
}

// ---- the suite --------------------------------------------------------------------------------

const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
/** Signing out ends the session the signed-in requests use: those routes go last. */
const endsSession = (path: string) => path === '/sso/logout' || path === '/logout';

describe(`fuzzing every OpenAPI operation on ${testDriver}`, () => {
  const t = useTestApp({ config: { authRateLimitPerMinute: 1_000_000 } });
  let user: TestUser;
  let other: TestUser;
  const known: string[] = ['me', 'github', 'google', 'read', 'write'];
  let apiKey = '';

  beforeAll(async () => {
    user = await registerUser(t.app);
    other = await registerUser(t.app);
    known.push(user.id, other.id);
    const headers = { origin: testOrigin, cookie: `nuvem_session=${user.cookie}` };
    const created = await t.app.inject({
      method: 'POST',
      url: '/applications',
      headers,
      payload: { name: 'Fuzz app' },
    });
    const application = created.json<{ application: { id: string; client_id: string } }>().application;
    known.push(application.id, application.client_id);
    const key = await t.app.inject({
      method: 'POST',
      url: `/applications/${application.id}/keys`,
      headers,
      payload: { name: 'fuzz key' },
    });
    const keyBody = key.json<{ apiKey: { id: string; key: string } }>().apiKey;
    known.push(keyBody.id);
    apiKey = keyBody.key;
    const container = await t.app.inject({
      method: 'POST',
      url: '/api/v1/containers',
      headers,
      payload: { name: 'fuzz-box' },
    });
    known.push(container.json<{ container: { id: string } }>().container.id);
    const skill = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/skills',
      headers,
      payload: { name: 'TypeScript' },
    });
    expect(skill.statusCode).toBeLessThan(300);
    known.push('TypeScript');
  });

  function operationsOf(doc: OpenApiDocument) {
    return Object.entries(doc.paths)
      .flatMap(([path, ops]) =>
        Object.entries(ops)
          .filter(([method]) => httpMethods.includes(method))
          .map(([method, operation]) => ({ id: `${method.toUpperCase()} ${path}`, method, path, operation })),
      )
      .sort(
        (a, b) =>
          Number(endsSession(a.path)) - Number(endsSession(b.path)) ||
          Number(a.method === 'delete') - Number(b.method === 'delete'),
      );
  }

  it('answers no generated request with a 5xx, anonymous or signed in', async () => {
    const doc = t.app.swagger() as unknown as OpenApiDocument;
    const all = operationsOf(doc);
    expect(all.length).toBeGreaterThan(40); // the document lists the routes
    for (const id of Object.keys(excluded)) expect(all.map((o) => o.id)).toContain(id);
    const operations = all.filter((o) => !(o.id in excluded));
    const failures: string[] = [];
    let index = 0;
    for (const { id, method, path, operation } of operations) {
      index += 1;
      const parameters = operation.parameters ?? [];
      const pathNames = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      const input = fc.record({
        params: fc.tuple(...pathNames.map(() => urlPiece(known))),
        query: queryString(parameters, known),
        body: bodyArbitrary(operation),
        credential: fc.oneof(
          { weight: 4, arbitrary: fc.constant('cookie') },
          { weight: 2, arbitrary: fc.constant(path.startsWith('/api/v1/') ? 'apiKey' : 'bearer') },
          { weight: 1, arbitrary: fc.constantFrom('bearer', 'cookie-no-origin') },
        ),
      });
      const routeSeed = seed + index;
      try {
        await fc.assert(
          fc.asyncProperty(input, async ({ params, query, body, credential }) => {
            let url = path;
            pathNames.forEach((name, i) => {
              url = url.replace(`{${name}}`, params[i] || 'x');
            });
            if (query) url += `?${query}`;
            const base: InjectOptions = {
              method: method.toUpperCase(),
              url,
              payload: body.payload,
              headers: { origin: testOrigin, ...(body.contentType ? { 'content-type': body.contentType } : {}) },
            };
            const signedIn: Record<string, string | undefined> =
              credential === 'bearer'
                ? { authorization: `Bearer ${user.accessToken}` }
                : credential === 'apiKey'
                  ? { authorization: `Bearer ${apiKey}` }
                  : credential === 'cookie-no-origin'
                    ? { cookie: `nuvem_session=${user.cookie}`, origin: undefined }
                    : { cookie: `nuvem_session=${user.cookie}` };
            for (const [who, extra] of [
              ['anonymous', {}],
              [credential, signedIn],
            ] as const) {
              const headers = Object.fromEntries(
                Object.entries({ ...base.headers, ...extra }).filter(([, v]) => v !== undefined),
              ) as Record<string, string>;
              const res = await t.app.inject({ ...base, headers });
              const what = `${base.method} ${url} (${who}) -> ${res.statusCode} ${res.body.slice(0, 300)}`;
              if (res.statusCode >= 500) throw new Error(`5xx: ${what}`);
              if (res.statusCode >= 400 && String(res.headers['content-type']).startsWith('application/json')) {
                if (!errorResponseSchema.safeParse(res.json()).success) throw new Error(`error shape: ${what}`);
              }
            }
          }),
          { seed: routeSeed, numRuns },
        );
      } catch (error) {
        failures.push(
          `${id}: FUZZ_SEED=${seed} (route seed ${routeSeed}) FUZZ_RUNS=${numRuns}\n${describeFailure(error)}`,
        );
      }
    }
    // Every route is fuzzed before failing, so one run lists every route that fails.
    expect(failures, failures.join('\n\n')).toEqual([]);
  }, 240_000);
});
