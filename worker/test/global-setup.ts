import type { TestProject } from 'vitest/node';
import { FAKE_STRIPE_KEY, startFakeStripe } from './fake-stripe';
import { MOCK_CLIENT_ID, MOCK_CLIENT_SECRET, startMockIssuer } from './oidc-mock';

declare module 'vitest' {
  export interface ProvidedContext {
    oidcIssuer: string;
    oidcClientId: string;
    oidcClientSecret: string;
    stripeApiBase: string;
    stripeSecretKey: string;
  }
}

/** Node side of the API tests: the OpenID Connect stand-in the worker signs in against, and a fake Stripe. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startMockIssuer();
  project.provide('oidcIssuer', server.issuer.url ?? '');
  project.provide('oidcClientId', MOCK_CLIENT_ID);
  project.provide('oidcClientSecret', MOCK_CLIENT_SECRET);
  const stripe = await startFakeStripe();
  project.provide('stripeApiBase', stripe.url);
  project.provide('stripeSecretKey', FAKE_STRIPE_KEY);
  return async () => {
    await Promise.all([server.stop(), stripe.close()]);
  };
}
