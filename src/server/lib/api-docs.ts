import { escapeHtml } from './html';

/**
 * A self-contained, browsable API reference rendered from /api/openapi.json.
 * Hosted reference UIs load scripts from CDNs; this one works offline and under
 * our strict CSP.
 */
type OpenApiDoc = {
  info: { title: string; version: string; description?: string };
  paths: Record<
    string,
    Record<
      string,
      {
        summary?: string;
        tags?: string[];
        requestBody?: unknown;
        responses?: Record<string, { description?: string }>;
      }
    >
  >;
};

export function renderApiDocs(doc: OpenApiDoc): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags?.[0] ?? 'other';
      const statuses = Object.entries(op.responses ?? {})
        .map(
          ([s, r]) => `<span class="st s${s[0]}">${escapeHtml(s)}</span> ${escapeHtml(r.description ?? '')}`,
        )
        .join('<br>');
      const body = op.requestBody
        ? `<details><summary>Request body</summary><pre>${escapeHtml(JSON.stringify(op.requestBody, null, 2))}</pre></details>`
        : '';
      const list = byTag.get(tag) ?? [];
      list.push(`<article><h3><span class="m ${method}">${method.toUpperCase()}</span> <code>/api${escapeHtml(path)}</code></h3>
<p>${escapeHtml(op.summary ?? '')}</p><p class="rs">${statuses}</p>${body}</article>`);
      byTag.set(tag, list);
    }
  }
  const sections = [...byTag.entries()]
    .map(
      ([tag, items]) =>
        `<section id="${escapeHtml(tag)}"><h2>${escapeHtml(tag)}</h2>${items.join('\n')}</section>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(doc.info.title)} — API reference</title>
<style>
body{margin:0;background:#0b1020;color:#e2e8f0;font:15px/1.55 system-ui,sans-serif}
main{max-width:960px;margin:0 auto;padding:32px 20px}
h1{margin:0 0 4px}h2{text-transform:capitalize;border-bottom:1px solid #1e293b;padding-bottom:6px;margin-top:40px}
article{background:#131a2e;border:1px solid #1e293b;border-radius:10px;padding:14px 18px;margin:12px 0}
h3{margin:0;font-size:15px}code{font-size:14px}.m{display:inline-block;min-width:58px;text-align:center;border-radius:6px;padding:2px 6px;font-size:12px;font-weight:700}
.get{background:#0e7490}.post{background:#6d28d9}.put,.patch{background:#a16207}.delete{background:#b91c1c}
.rs{font-size:13px;color:#94a3b8}.st{font-family:monospace;font-weight:700}.s2{color:#4ade80}.s4{color:#fbbf24}.s5{color:#f87171}
pre{background:#0b1020;padding:10px;border-radius:8px;overflow:auto;font-size:12px}a{color:#22d3ee}
</style></head><body><main><h1>${escapeHtml(doc.info.title)}</h1><p>Version ${escapeHtml(doc.info.version)} · machine-readable: <a href="/api/openapi.json">/api/openapi.json</a></p>
<p>${escapeHtml(doc.info.description ?? '')}</p>${sections}</main></body></html>`;
}
