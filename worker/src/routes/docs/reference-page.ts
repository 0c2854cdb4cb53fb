/** Where the build puts Scalar's standalone bundle (shell/rsbuild.config.ts copies it from node_modules). */
export const SCALAR_SCRIPT = '/api-reference/scalar.js';

/**
 * The API reference at /api/docs: Scalar (`@scalar/api-reference`, served from this origin, no CDN,
 * fonts or telemetry) rendering /api/openapi.json, Markdown descriptions and answer schemas included.
 * On a local server "try it" sends requests from this page, so the browser adds the session
 * cookie and the Origin the API asks of a write; a deployed page describes only: no request is sent
 * from it. The inline script is allowed by its hash (lib/app-page `workerPagePolicy`), Scalar's own
 * script by its path.
 */
export function referencePage(local: boolean): string {
  const configuration = {
    url: '/api/openapi.json',
    telemetry: false,
    withDefaultFonts: false,
    hideClientButton: true,
    hideTestRequestButton: !local,
    showDeveloperTools: 'never',
    agent: { disabled: true },
    mcp: { disabled: true },
    persistAuth: false,
    // Requests carry the session cookie: the page and the API share this origin.
    authentication: { preferredSecurityScheme: 'sessionCookie' },
  };
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Clinic API reference</title>
</head>
<body>
<div id="api-reference"></div>
<script src="${SCALAR_SCRIPT}"></script>
<script>Scalar.createApiReference('#api-reference', ${JSON.stringify(configuration)});</script>
</body>
</html>
`;
}
