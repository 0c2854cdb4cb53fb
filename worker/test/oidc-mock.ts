import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { OAuth2Server } from 'oauth2-mock-server';

/** The client the tests register with the stand-in issuer. */
export const MOCK_CLIENT_ID = 'clinic-test-client';
export const MOCK_CLIENT_SECRET = 'clinic-test-secret';

/** A stable numeric subject per email, like Google's ids, so a second sign-in finds the account. */
export function subjectOf(email: string): string {
  const hex = createHash('sha256').update(email).digest('hex').slice(0, 15);
  return BigInt(`0x${hex}`).toString().padStart(18, '1');
}

/**
 * Starts `oauth2-mock-server` on loopback (DESIGN §6). Who signs in is chosen by the `login_hint`
 * of the authorization request (a test, or Playwright rewriting the URL, sets it): the ID token
 * then carries that email, a subject derived from it, and a name.
 */
export async function startMockIssuer(port = 0): Promise<OAuth2Server> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  const hintByCode = new Map<string, string>();
  server.service.on('beforeAuthorizeRedirect', (redirect: { url: URL }, req: IncomingMessage) => {
    const url = new URL(req.url ?? '/', 'http://mock');
    const hint = url.searchParams.get('login_hint');
    const code = redirect.url.searchParams.get('code');
    if (hint && code) hintByCode.set(code, hint);
  });
  server.service.on(
    'beforeTokenSigning',
    (
      token: { payload: Record<string, unknown> },
      req: IncomingMessage & { body?: Record<string, unknown> },
    ) => {
      const code = typeof req.body?.code === 'string' ? req.body.code : '';
      const email = hintByCode.get(code);
      if (!email) return;
      const local = email.split('@')[0] ?? 'someone';
      Object.assign(token.payload, {
        sub: subjectOf(email),
        email,
        email_verified: true,
        given_name: local.charAt(0).toUpperCase() + local.slice(1).replace(/[^a-z]/gi, ''),
        family_name: 'Social',
      });
    },
  );
  await server.start(port, '127.0.0.1');
  return server;
}
