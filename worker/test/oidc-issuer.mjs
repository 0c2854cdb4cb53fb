#!/usr/bin/env node
// Runs the OpenID Connect stand-in (oauth2-mock-server) on loopback for the end-to-end tests:
//   node worker/test/oidc-issuer.mjs <port>
// Node strips the types of oidc-mock.ts itself; the worker under test gets OIDC_ISSUER pointing here.
import { startMockIssuer } from './oidc-mock.ts';

const server = await startMockIssuer(Number(process.argv[2] ?? 0));
console.log(`OIDC issuer ready at ${server.issuer.url}`);
const stop = () => void server.stop().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
