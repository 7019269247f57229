import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { listenOnFreePort, type RunningServer } from './listen.testing.js';

/** One request the stand-in received, its form body read into flat `a[b][0]` keys. */
export interface StripeApiRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  form: Record<string, string>;
}

/** The `error` of Stripe's error answers. */
export interface StripeApiError {
  type: string;
  message: string;
  code?: string;
  param?: string;
}

export interface StripeApiStandIn extends RunningServer {
  secretKey: string;
  /** Every request, oldest first. */
  readonly requests: StripeApiRequest[];
  /** The requests to `method path` (the path without its query). */
  requestsTo(method: string, path: string): StripeApiRequest[];
  /** Marks a session completed (being paid): Stripe then refuses to expire it. */
  completeSession(id: string): void;
  /** Answers requests to `method path` with `status` and Stripe's error (an api_error) until `recover` is called. */
  fail(method: string, path: string, status?: number, error?: StripeApiError): void;
  recover(): void;
  /** The coupons the stand-in holds, by id. */
  readonly coupons: Map<string, Record<string, unknown>>;
  /** The tax rates the stand-in holds, by id (oldest first). */
  readonly taxRates: Map<string, Record<string, unknown>>;
  /** Env for the Nuvem server: STRIPE_* pointing here. */
  env: Record<string, string>;
}

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  let body = '';
  for await (const chunk of req) body += String(chunk);
  return Object.fromEntries(new URLSearchParams(body));
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${String(Date.now())}`, ...headers });
  res.end(JSON.stringify(body));
}

const missing = (what: string, id: string) => ({
  error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}: '${id}'`, param: 'id' },
});

/**
 * A local stand-in for the parts of Stripe's API the portal calls, with the same contract: form
 * bodies, a bearer secret key, Idempotency-Key replays answered with the first answer, errors in
 * Stripe's `{ error: { type, message } }` shape. POST /v1/checkout/sessions, GET and POST
 * /v1/coupons, GET and POST /v1/tax_rates, POST /v1/billing_portal/sessions, POST and DELETE
 * /v1/subscriptions/:id. Everything it receives is kept for the tests to read.
 */
export async function startStripeApi(): Promise<StripeApiStandIn> {
  const secretKey = 'sk_test_x';
  const requests: StripeApiRequest[] = [];
  const coupons = new Map<string, Record<string, unknown>>();
  const taxRates = new Map<string, Record<string, unknown>>();
  const replays = new Map<string, { status: number; body: unknown }>();
  const failing = new Map<string, { status: number; error: StripeApiError }>();
  let sessions = 0;
  /** Each session's status: open until expired (POST .../expire) or completed (`completeSession`). */
  const sessionStatus = new Map<string, string>();
  let baseUrl = '';

  const running = await listenOnFreePort((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const method = req.method ?? 'GET';
      // The SDK sends a DELETE's parameters in the query, a POST's in the body.
      const form =
        method === 'POST'
          ? await readForm(req)
          : { ...Object.fromEntries(url.searchParams), ...(method === 'DELETE' ? await readForm(req) : {}) };
      requests.push({ method, path: url.pathname, headers: req.headers, form });

      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        json(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
        return;
      }
      const failure = failing.get(`${method} ${url.pathname}`);
      if (failure !== undefined) {
        json(res, failure.status, { error: failure.error });
        return;
      }
      const idempotencyKey = req.headers['idempotency-key'];
      const replayKey = typeof idempotencyKey === 'string' ? `${method} ${url.pathname} ${idempotencyKey}` : null;
      const replay = replayKey ? replays.get(replayKey) : undefined;
      if (replay) {
        json(res, replay.status, replay.body, { 'idempotent-replayed': 'true' });
        return;
      }
      const answer = (status: number, body: unknown) => {
        if (replayKey && status < 500) replays.set(replayKey, { status, body });
        json(res, status, body);
      };

      if (method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        sessions += 1;
        const id = `cs_test_${String(sessions).padStart(6, '0')}`;
        sessionStatus.set(id, 'open');
        answer(200, {
          id,
          object: 'checkout.session',
          mode: form.mode,
          status: 'open',
          payment_status: 'unpaid',
          client_reference_id: form.client_reference_id ?? null,
          currency: form['line_items[0][price_data][currency]'] ?? 'eur',
          success_url: form.success_url,
          cancel_url: form.cancel_url,
          url: `${baseUrl}/c/pay/${id}`,
        });
        return;
      }
      const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(url.pathname);
      if (method === 'POST' && expire) {
        const id = decodeURIComponent(expire[1] ?? '');
        const status = sessionStatus.get(id);
        if (status === undefined) answer(404, missing('checkout.session', id));
        else if (status !== 'open') {
          answer(400, {
            error: {
              type: 'invalid_request_error',
              message: `Only Checkout Sessions with a status of \`open\` can be expired. This Checkout Session has a status of \`${status}\`.`,
            },
          });
        } else {
          sessionStatus.set(id, 'expired');
          answer(200, { id, object: 'checkout.session', status: 'expired', payment_status: 'unpaid', url: null });
        }
        return;
      }
      const coupon = /^\/v1\/coupons\/([^/]+)$/.exec(url.pathname);
      if (method === 'GET' && coupon) {
        const id = decodeURIComponent(coupon[1] ?? '');
        const found = coupons.get(id);
        if (found) answer(200, found);
        else answer(404, missing('coupon', id));
        return;
      }
      if (method === 'POST' && url.pathname === '/v1/coupons') {
        const id = form.id ?? `coupon_${String(coupons.size + 1)}`;
        if (coupons.has(id)) {
          answer(400, {
            error: {
              type: 'invalid_request_error',
              code: 'resource_already_exists',
              message: 'Coupon already exists.',
            },
          });
          return;
        }
        const created = {
          id,
          object: 'coupon',
          name: form.name ?? null,
          percent_off: form.percent_off ? Number(form.percent_off) : null,
          amount_off: form.amount_off ? Number(form.amount_off) : null,
          currency: form.currency ?? null,
          duration: form.duration,
          max_redemptions: form.max_redemptions ? Number(form.max_redemptions) : null,
          redeem_by: form.redeem_by ? Number(form.redeem_by) : null,
          valid: true,
        };
        coupons.set(id, created);
        answer(200, created);
        return;
      }
      if (method === 'GET' && url.pathname === '/v1/tax_rates') {
        const active = url.searchParams.get('active');
        const inclusive = url.searchParams.get('inclusive');
        const data = [...taxRates.values()].filter(
          (rate) =>
            (active === null || String(rate.active) === active) &&
            (inclusive === null || String(rate.inclusive) === inclusive),
        );
        answer(200, { object: 'list', url: '/v1/tax_rates', has_more: false, data });
        return;
      }
      if (method === 'POST' && url.pathname === '/v1/tax_rates') {
        const id = `txr_test_${String(taxRates.size + 1).padStart(4, '0')}`;
        const metadata = Object.fromEntries(
          Object.entries(form)
            .filter(([key]) => key.startsWith('metadata['))
            .map(([key, value]) => [key.slice('metadata['.length, -1), value]),
        );
        const created = {
          id,
          object: 'tax_rate',
          active: true,
          display_name: form.display_name,
          description: form.description ?? null,
          percentage: Number(form.percentage),
          inclusive: form.inclusive === 'true',
          country: form.country ?? null,
          tax_type: form.tax_type ?? null,
          metadata,
        };
        taxRates.set(id, created);
        answer(200, created);
        return;
      }
      if (method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
        if (!form.customer?.startsWith('cus_')) {
          answer(400, missing('customer', form.customer ?? ''));
          return;
        }
        const id = `bps_test_${String(requests.length)}`;
        answer(200, {
          id,
          object: 'billing_portal.session',
          customer: form.customer,
          return_url: form.return_url ?? null,
          url: `${baseUrl}/p/session/${id}`,
        });
        return;
      }
      const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
      if (method === 'POST' && subscription) {
        answer(200, {
          id: subscription[1],
          object: 'subscription',
          status: 'active',
          cancel_at_period_end: form.cancel_at_period_end === 'true',
        });
        return;
      }
      if (method === 'DELETE' && subscription) {
        answer(200, { id: subscription[1], object: 'subscription', status: 'canceled', cancel_at_period_end: false });
        return;
      }
      answer(404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${url.pathname}).` },
      });
    })();
  });
  baseUrl = running.url;

  return {
    ...running,
    secretKey,
    requests,
    coupons,
    taxRates,
    requestsTo: (method, path) => requests.filter((request) => request.method === method && request.path === path),
    completeSession(id) {
      sessionStatus.set(id, 'complete');
    },
    fail(method, path, status = 500, error = { type: 'api_error', message: 'Something went wrong on our end.' }) {
      failing.set(`${method} ${path}`, { status, error });
    },
    recover() {
      failing.clear();
    },
    env: {
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_WEBHOOK_SECRET: 'whsec_test',
      STRIPE_API_URL: running.url,
      STRIPE_PRICE_STARTER_MONTHLY: 'price_test_starter_monthly',
      STRIPE_PRICE_STARTER_YEARLY: 'price_test_starter_yearly',
      STRIPE_PRICE_PRO_MONTHLY: 'price_test_pro_monthly',
      STRIPE_PRICE_PRO_YEARLY: 'price_test_pro_yearly',
      STRIPE_PRICE_ENTERPRISE_MONTHLY: 'price_test_enterprise_monthly',
      STRIPE_PRICE_ENTERPRISE_YEARLY: 'price_test_enterprise_yearly',
    },
  };
}
