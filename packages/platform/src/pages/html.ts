/** Small helpers for the few pages the server renders itself. */

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);

/** JSON that is safe inside a <script> element: nothing in it can close the element or the line. */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** A complete page with inline styles only: what is served when the React app is not built. */
export function plainDocument(title: string, body: string, siteName = 'Atrium'): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(title)} · ${escapeHtml(siteName)}</title>
  <style>
    body { font: 16px/1.5 system-ui, sans-serif; max-width: 36rem; margin: 4rem auto; padding: 0 1rem; color: #1f2328; }
    h1 { font-size: 1.5rem; } h2 { font-size: 1.1rem; } code { font-size: 0.9em; } small { color: #59636e; }
    .notice { border-left: 4px solid #bf8700; padding: 0.5rem 1rem; background: #fff8c5; }
    footer { margin-top: 3rem; color: #59636e; font-size: 0.875rem; }
  </style>
</head>
<body>
  <main>${body}</main>
  <footer>Atrium local platform</footer>
</body>
</html>
`;
}
