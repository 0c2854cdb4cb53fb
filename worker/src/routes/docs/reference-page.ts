/**
 * The API reference at /api/docs: one self-contained page (inline style and script, nothing from a
 * CDN) that reads /api/openapi.json and lists every operation with who may call it, its
 * parameters, its JSON body schema and its answers.
 */
export const REFERENCE_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Clinic API reference</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; margin: 0; color: #1d2433; background: #f6f7f9; }
  header { background: #1d4ed8; color: #fff; padding: 16px 24px; }
  main { max-width: 1000px; margin: 0 auto; padding: 16px 24px; }
  details { background: #fff; border: 1px solid #d5d9e0; border-radius: 6px; margin: 8px 0; }
  summary { cursor: pointer; padding: 8px 12px; font-family: ui-monospace, monospace; }
  .m { display: inline-block; min-width: 64px; font-weight: 700; }
  .get { color: #047857; } .post { color: #1d4ed8; } .put { color: #b45309; } .delete { color: #b91c1c; }
  section { padding: 0 12px 12px; }
  pre { background: #f1f3f6; padding: 8px; overflow: auto; font-size: 13px; }
  h2 { margin-top: 24px; text-transform: capitalize; }
  table { border-collapse: collapse; } td, th { text-align: left; padding: 2px 8px; border-bottom: 1px solid #eee; }
</style>
</head>
<body>
<header><h1>Clinic API reference</h1><p>Generated from the routes: <a style="color:#fff" href="openapi.json">openapi.json</a> (OpenAPI 3.1)</p></header>
<main id="main"><p>Loading…</p></main>
<script>
(async () => {
  const main = document.getElementById('main');
  const esc = (s) => String(s).replace(/[&<>"']/g, (ch) => '&#' + ch.charCodeAt(0) + ';');
  const doc = await (await fetch('openapi.json')).json();
  const byTag = {};
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) (byTag[op.tags[0]] ??= []).push({ path, method, op });
  }
  let html = '<p>' + esc(doc.info.description) + '</p>';
  for (const [tag, ops] of Object.entries(byTag)) {
    html += '<h2>' + esc(tag) + '</h2>';
    for (const { path, method, op } of ops) {
      html += '<details><summary><span class="m ' + method + '">' + method.toUpperCase() + '</span>' + esc(path) + '</summary><section>';
      html += '<p>' + esc(op.description) + '</p>';
      if (op.parameters.length) {
        html += '<table><tr><th>parameter</th><th>in</th><th>required</th><th>schema</th></tr>';
        for (const p of op.parameters) html += '<tr><td>' + esc(p.name) + '</td><td>' + p.in + '</td><td>' + (p.required ? 'yes' : '') + '</td><td><code>' + esc(JSON.stringify(p.schema)) + '</code></td></tr>';
        html += '</table>';
      }
      if (op.requestBody) html += '<p>JSON body</p><pre>' + esc(JSON.stringify(op.requestBody.content['application/json'].schema, null, 2)) + '</pre>';
      html += '<p>Answers: ' + Object.entries(op.responses).map(([s, r]) => '<b>' + s + '</b> ' + esc(r.description)).join(' · ') + '</p>';
      html += '</section></details>';
    }
  }
  html += '<h2>Error</h2><pre>' + esc(JSON.stringify(doc.components.schemas.Error, null, 2)) + '</pre>';
  main.innerHTML = html;
})().catch((err) => { document.getElementById('main').textContent = 'The description could not be loaded: ' + err; });
</script>
</body>
</html>
`;
