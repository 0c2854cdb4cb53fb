// An HTTP/2 front for the local worker, as Cloudflare's edge is for the deployed one: TLS with a
// throwaway self-signed certificate (made with Debian's `openssl`), HTTP/2 to the browser, and each
// request passed on to `wrangler dev` (HTTP/1.1, cleartext) as it came, its answer sent back as it
// is (compressed bytes untouched). wrangler dev speaks only HTTP/1.1; a browser never meets that on
// Workers, and Lighthouse's phone model charges HTTP/1.1 for six connections, each opened with its
// own round trip, where HTTP/2 uses one (docs/performance.md). Only for the bench: the Chromium it
// drives is told to accept the certificate.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createSecureServer } from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Headers that belong to one hop (HTTP/1.1's connection handling, HTTP/2's pseudo-headers). */
const HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'http2-settings',
  'host',
]);

/** A self-signed certificate for 127.0.0.1, valid for a day. */
function throwawayCertificate() {
  const dir = mkdtempSync(join(tmpdir(), 'clinic-h2-'));
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const pair = { key: readFileSync(key), cert: readFileSync(cert) };
  rmSync(dir, { recursive: true, force: true });
  return pair;
}

/**
 * Serves `https://127.0.0.1:<port>` over HTTP/2 in front of the worker at `upstreamPort`. A write
 * from the front's pages is passed on as coming from the worker's own origin, for its same-origin
 * check (the worker serves both: the bench measures each page over both).
 */
export async function startH2Front(upstreamPort, port) {
  const front = `https://127.0.0.1:${port}`;
  const agent = new Agent({ keepAlive: true, maxSockets: 32 });
  const server = createSecureServer({ ...throwawayCertificate(), allowHTTP1: true });
  server.on('request', (req, res) => {
    const headers = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (!name.startsWith(':') && !HOP.has(name)) headers[name] = value;
    }
    headers.host = `127.0.0.1:${upstreamPort}`;
    if (headers.origin === front) headers.origin = `http://127.0.0.1:${upstreamPort}`;
    const upstream = request(
      { host: '127.0.0.1', port: upstreamPort, method: req.method, path: req.url, headers, agent },
      (answer) => {
        const out = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (!HOP.has(name)) out[name] = value;
        }
        res.writeHead(answer.statusCode ?? 502, out);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    baseUrl: front,
    stop: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.close(() => resolve());
        // Open HTTP/2 sessions (Chromium keeps them) would hold the close back.
        server.closeAllConnections?.();
        setTimeout(resolve, 1000).unref();
      }),
  };
}
