import { connect } from 'node:net';
import { expect, test } from '@playwright/test';
import { PORTS } from '../ports';

/**
 * A client that goes away in the middle of sending a request, as a browser does when it navigates
 * away from an upload. Unpatched wrangler dev 4.124 exits on it at once
 * (cloudflare/workers-sdk#15317, #15203); patches/wrangler+4.124.0.patch makes that one request
 * fail alone. The server must still answer right after: a server that exited refuses the connection.
 */
function dropMidUpload(path: string): Promise<void> {
  return new Promise((resolve) => {
    const socket = connect(PORTS.app, '127.0.0.1', () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${PORTS.app}\r\nOrigin: http://127.0.0.1:${PORTS.app}\r\n` +
          'Content-Type: application/json\r\nContent-Length: 2000000\r\n\r\n',
      );
      socket.write(`{"email":"${'x'.repeat(65_536)}`);
      setTimeout(() => socket.destroy(), 200);
    });
    socket.on('close', () => resolve());
    socket.on('error', () => resolve());
  });
}

test('a request dropped mid-upload fails alone: the server keeps answering', async ({ request }) => {
  for (let i = 0; i < 3; i++) {
    await dropMidUpload('/api/login');
    const health = await request.get('/api/health');
    expect(health.status()).toBe(200);
  }
});
