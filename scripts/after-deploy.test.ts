import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDeployment } from './after-deploy.mjs';

const script = fileURLToPath(new URL('./after-deploy.mjs', import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'clinic-after-deploy-'));
let healthy = true;
let server: Server;
let origin = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/api/health') return res.writeHead(healthy ? 200 : 500).end('{}');
    if (req.url === '/api/login' && req.method === 'POST') {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => res.writeHead(JSON.parse(body).password === 'Smoke2026' ? 200 : 401).end('{}'));
      return;
    }
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end('<html><body><div id="root"></div></body></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs the script against the stand-in, with a fake wrangler that records its arguments. */
function run(args: string[], env: Record<string, string> = {}) {
  const fake = path.join(dir, 'wrangler');
  const log = path.join(dir, 'wrangler.log');
  writeFileSync(log, '');
  writeFileSync(fake, `#!/bin/sh\necho "$@" > ${log}\n`);
  chmodSync(fake, 0o755);
  return new Promise<{ status: number | null; stderr: string; wrangler: string }>((resolve) => {
    const child = spawn(process.execPath, [script, '--url', origin, ...args], {
      env: { ...process.env, WRANGLER_BIN: fake, AFTER_DEPLOY_TRIES: '1', ...env },
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('exit', (status) => resolve({ status, stderr, wrangler: readFileSync(log, 'utf8') }));
  });
}

describe('the checks after a deploy', () => {
  it('pass on a healthy worker, with a sign-in when an account is given', async () => {
    healthy = true;
    expect(await checkDeployment(origin, null, { tries: 1 })).toEqual([]);
    expect(
      await checkDeployment(origin, { email: 'smoke@clinic.test', password: 'Smoke2026' }, { tries: 1 }),
    ).toEqual([]);
    expect(
      await checkDeployment(origin, { email: 'smoke@clinic.test', password: 'wrong' }, { tries: 1 }),
    ).toEqual(['POST /api/login as smoke@clinic.test answered 401']);
    const ok = await run(['--env', 'staging', '--rollback']);
    expect(ok.status).toBe(0);
    expect(ok.wrangler).toBe('');
  });

  it('roll the environment back when a check fails, and fail', async () => {
    healthy = false;
    const res = await run(['--env', 'production', '--rollback']);
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('GET /api/health answered 500');
    expect(res.wrangler.trim()).toBe(
      'rollback --env production --yes --message after-deploy checks failed: GET /api/health answered 500',
    );
    // Without --rollback: fails, touches nothing.
    const plain = await run(['--env', 'production']);
    expect(plain.status).toBe(1);
    expect(plain.wrangler).toBe('');
  });
});
