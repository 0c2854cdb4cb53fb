import { createHash, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { OAuth2Server } from 'oauth2-mock-server';

/** The client the tests register with the stand-in issuer. */
export const MOCK_CLIENT_ID = 'clinic-test-client';
export const MOCK_CLIENT_SECRET = 'clinic-test-secret';

/**
 * Sign-ins whose email ends with this get an ID token that is right in every claim and names the
 * issuer's key id, but is signed by another RSA key: the worker must refuse it.
 */
export const FOREIGN_KEY_DOMAIN = '@foreign-key.test';

/** Re-signs a compact JWS (RS256) with `key`, keeping its header and payload. */
function resignedWith(jwt: string, key: KeyObject): string {
  const [header = '', payload = ''] = jwt.split('.');
  const signature = sign('sha256', Buffer.from(`${header}.${payload}`), key).toString('base64url');
  return `${header}.${payload}.${signature}`;
}

/** A stable numeric subject per email, like Google's ids, so a second sign-in finds the account. */
export function subjectOf(email: string): string {
  const hex = createHash('sha256').update(email).digest('hex').slice(0, 15);
  return BigInt(`0x${hex}`).toString().padStart(18, '1');
}

/**
 * Starts `oauth2-mock-server` on loopback. Who signs in is chosen by the `login_hint`
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
  const foreign = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  server.service.on(
    'beforeResponse',
    (
      response: { body: Record<string, unknown> },
      req: IncomingMessage & { body?: Record<string, unknown> },
    ) => {
      const code = typeof req.body?.code === 'string' ? req.body.code : '';
      const idToken = response.body.id_token;
      if (hintByCode.get(code)?.endsWith(FOREIGN_KEY_DOMAIN) && typeof idToken === 'string') {
        response.body.id_token = resignedWith(idToken, foreign);
      }
    },
  );
  await server.start(port, '127.0.0.1');
  return server;
}
