import type { AuditProbes } from '../../../test/audit-probes';

/**
 * How the access-log coverage test (routes/audit/coverage.test.ts) calls this folder's GET routes,
 * or why it does not: kept beside the routes so a new route adds its probe here.
 */
export const AUDIT_PROBES: AuditProbes = {
  'GET /api/recalls/:id': [{ none: 'one recall row: its access-log row is checked in recalls.test.ts' }],
};
