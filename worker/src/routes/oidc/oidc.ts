import { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import * as oauth from 'oauth4webapi';
import { pendingStepOfUser } from '../../auth/second-factor';
import { createSession } from '../../auth/session';
import type { Bindings, Env } from '../../env';
import { appOrigin } from '../../lib/http';
import { route } from '../../lib/route';
import { saveState, socialAccount, takeState } from './oidc.repo';

/** Google unless the deployment names another OpenID Connect issuer. */
export const DEFAULT_ISSUER = 'https://accounts.google.com';
const STATE_COOKIE = 'clinic_oidc_state';

interface Provider {
  as: oauth.AuthorizationServer;
  client: oauth.Client;
  auth: oauth.ClientAuth;
  /** Plain http is allowed for an issuer on loopback only (the test stand-in). */
  insecure: boolean;
}

function isLoopback(url: URL): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

async function providerOf(env: Bindings): Promise<Provider | null> {
  if (!env.OIDC_CLIENT_ID) return null;
  const issuer = new URL(env.OIDC_ISSUER || DEFAULT_ISSUER);
  const insecure = issuer.protocol === 'http:' && isLoopback(issuer);
  const response = await oauth.discoveryRequest(issuer, {
    algorithm: 'oidc',
    [oauth.allowInsecureRequests]: insecure,
  });
  const as = await oauth.processDiscoveryResponse(issuer, response);
  const client: oauth.Client = { client_id: env.OIDC_CLIENT_ID };
  const auth = env.OIDC_CLIENT_SECRET ? oauth.ClientSecretPost(env.OIDC_CLIENT_SECRET) : oauth.None();
  return { as, client, auth, insecure };
}

/**
 * The issuer's key set, kept per issuer for the life of the isolate; oauth4webapi refetches it
 * when it is stale or a token names a key it does not hold (key rotation).
 */
const jwksCaches = new Map<string, oauth.JWKSCacheInput>();
function jwksCacheOf(issuer: string): oauth.JWKSCacheInput {
  let cache = jwksCaches.get(issuer);
  if (!cache) {
    cache = {};
    jwksCaches.set(issuer, cache);
  }
  return cache;
}

const callbackOf = (origin: string): string => `${origin}/api/auth/oidc/callback`;
const secureCookie = (url: string): boolean => !isLoopback(new URL(url));

/** Where a failed or refused social sign-in lands: the login page, which shows the notice. */
export const SOCIAL_FAILED = '/?social=failed';
export const SOCIAL_PASSWORD_ACCOUNT = '/?social=password';

/**
 * Social sign-in: OpenID Connect authorization code with PKCE. The state, PKCE
 * verifier and nonce wait in `oidc_states`; the state is also pinned to this browser in a cookie,
 * so a callback started in another browser (login CSRF) is refused.
 */
export const oidc = new Hono<Env>()
  .get(
    '/start',
    route({
      who: 'public',
      summary: 'Start a social sign-in',
      success: [
        {
          status: 302,
          description: "To the provider's sign-in page, or back to the app when it is not set up.",
        },
      ],
    }),
    async (c) => {
      let provider: Provider | null;
      try {
        provider = await providerOf(c.env);
      } catch (err) {
        console.error('oidc discovery failed', err);
        provider = null;
      }
      if (!provider?.as.authorization_endpoint) return c.redirect(SOCIAL_FAILED, 302);
      const codeVerifier = oauth.generateRandomCodeVerifier();
      const state = oauth.generateRandomState();
      const nonce = oauth.generateRandomNonce();
      await saveState(c.get('db'), { state, codeVerifier, nonce });
      setCookie(c, STATE_COOKIE, state, {
        httpOnly: true,
        sameSite: 'Lax',
        secure: secureCookie(c.req.url),
        path: '/api/auth/oidc',
        maxAge: 600,
      });
      const url = new URL(provider.as.authorization_endpoint);
      url.search = new URLSearchParams({
        client_id: provider.client.client_id,
        redirect_uri: callbackOf(appOrigin(c)),
        response_type: 'code',
        scope: 'openid email profile',
        code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      }).toString();
      return c.redirect(url.href, 302);
    },
  )
  .get(
    '/callback',
    route({
      who: 'public',
      summary: 'Finish a social sign-in',
      success: [{ status: 302, description: 'Back to the app, signed in (or with the reason it failed).' }],
    }),
    async (c) => {
      const state = c.req.query('state') ?? '';
      const pinned = getCookie(c, STATE_COOKIE);
      deleteCookie(c, STATE_COOKIE, { path: '/api/auth/oidc' });
      if (!state || state !== pinned) return c.redirect(SOCIAL_FAILED, 302);
      const db = c.get('db');
      const saved = await takeState(db, state);
      if (!saved) return c.redirect(SOCIAL_FAILED, 302);
      let claims: oauth.IDToken;
      try {
        const provider = await providerOf(c.env);
        if (!provider) return c.redirect(SOCIAL_FAILED, 302);
        const { as, client, auth, insecure } = provider;
        const params = oauth.validateAuthResponse(as, client, new URL(c.req.url), state);
        const response = await oauth.authorizationCodeGrantRequest(
          as,
          client,
          auth,
          params,
          callbackOf(appOrigin(c)),
          saved.codeVerifier,
          { [oauth.allowInsecureRequests]: insecure },
        );
        // Checks issuer, audience, expiry and the nonce of the ID token received straight from the
        // token endpoint (OIDC Core 3.1.3.7)...
        const result = await oauth.processAuthorizationCodeResponse(as, client, response, {
          expectedNonce: saved.nonce,
          requireIdToken: true,
        });
        const idToken = oauth.getValidatedIdTokenClaims(result);
        if (!idToken) return c.redirect(SOCIAL_FAILED, 302);
        // ...and its signature against the issuer's published keys (jwks_uri): a token
        // signed by any other key is refused even if every claim is right.
        await oauth.validateApplicationLevelSignature(as, response, {
          [oauth.allowInsecureRequests]: insecure,
          [oauth.jwksCache]: jwksCacheOf(as.issuer),
        });
        claims = idToken;
      } catch (err) {
        console.error('oidc callback refused', err);
        return c.redirect(SOCIAL_FAILED, 302);
      }
      const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
      // An unverified email could belong to someone else: never let it become an account.
      if (!email || claims.email_verified === false) return c.redirect(SOCIAL_FAILED, 302);
      const outcome = await socialAccount(db, {
        subject: claims.sub,
        email,
        givenName: typeof claims.given_name === 'string' ? claims.given_name.trim() : '',
        familyName: typeof claims.family_name === 'string' ? claims.family_name.trim() : '',
      });
      if (outcome.kind === 'password-account') return c.redirect(SOCIAL_PASSWORD_ACCOUNT, 302);
      // An account with a second factor owes its code, asked for on the login page (`?step=code`).
      const pending = await pendingStepOfUser(db, outcome.userId);
      await createSession(c, outcome.userId, pending);
      if (pending) return c.redirect(`/?step=${pending}`, 302);
      const incomplete = outcome.kind === 'created' || outcome.incomplete;
      return c.redirect(incomplete ? '/home/dataUpdate' : '/home', 302);
    },
  );
