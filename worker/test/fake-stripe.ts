import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The secret key the API tests give the worker; the fake answers 401 to any other. */
export const FAKE_STRIPE_KEY = 'sk_test_clinic_fake';

/** What the fake last received, for tests to check what the worker asked Stripe for. */
export interface FakeStripeCall {
  path: string;
  authorization: string;
  params: Record<string, string>;
}

const bodyOf = async (req: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/**
 * A tiny stand-in for Stripe's API on loopback: POST /v1/checkout/sessions answers a
 * session with an id and a url; GET /__last tells what it was last asked.
 */
export async function startFakeStripe(): Promise<{ url: string; close: () => Promise<void> }> {
  let sessions = 0;
  let last: FakeStripeCall | null = null;
  const server = createServer(async (req, res) => {
    const send = (status: number, body: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && req.url === '/__last') return send(200, last);
    // A session as Stripe answers it once paid: its payment intent, which a refund names.
    const retrieved = /^\/v1\/checkout\/sessions\/([\w-]+)/.exec(req.url ?? '');
    if (req.method === 'GET' && retrieved) {
      return send(200, {
        id: retrieved[1],
        object: 'checkout.session',
        payment_intent: `pi_for_${retrieved[1]}`,
      });
    }
    if (req.method === 'POST' && req.url === '/v1/refunds') {
      const params = Object.fromEntries(new URLSearchParams(await bodyOf(req)));
      last = {
        path: req.url,
        authorization: req.headers.authorization ?? '',
        params: { ...params, idempotencyKey: String(req.headers['idempotency-key'] ?? '') },
      };
      // 'pi_for_cs_refuse…' stands for a card Stripe will not refund.
      if (params.payment_intent?.includes('refuse')) {
        return send(402, { error: { type: 'invalid_request_error', message: 'Charge already refunded' } });
      }
      return send(200, {
        id: `re_fake_${params['metadata[refundId]']}`,
        object: 'refund',
        amount: Number(params.amount),
        status: 'succeeded',
      });
    }
    if (req.method !== 'POST' || req.url !== '/v1/checkout/sessions') {
      return send(404, { error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } });
    }
    const authorization = req.headers.authorization ?? '';
    const params = Object.fromEntries(new URLSearchParams(await bodyOf(req)));
    last = { path: req.url, authorization, params };
    if (authorization !== `Bearer ${FAKE_STRIPE_KEY}`) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    sessions += 1;
    const id = `cs_test_fake${sessions}`;
    return send(200, {
      id,
      object: 'checkout.session',
      mode: params.mode,
      url: `https://checkout.stripe.test/c/pay/${id}`,
      client_reference_id: params.client_reference_id ?? null,
      metadata: { budgetId: params['metadata[budgetId]'] },
      payment_status: 'unpaid',
      status: 'open',
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
