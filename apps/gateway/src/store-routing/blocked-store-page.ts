import type { StoreHostRefusal } from '@kartlink/server-kit';
import { escapeAttribute, escapeText } from '../web/page-html';

/**
 * What a visitor sees instead of a store the operator's policy refuses (issue 21): an address
 * stored before its host was blocked no longer redirects. A page of its own (no script, one
 * nonce'd style), so it shows even where the web app is not served; the store's host is named
 * as text, never as a link.
 */
export function blockedStorePage(
  refusal: StoreHostRefusal,
  back: { productPath: string; shopPath: string },
  styleNonce: string | undefined,
): string {
  const why =
    refusal.rule === 'blocked'
      ? 'The store address of this product leads to a site Kartlink has blocked, because it may be unsafe.'
      : 'The store address of this product leads to a site this Kartlink does not send visitors to.';
  const nonce = styleNonce ? ` nonce="${escapeAttribute(styleNonce)}"` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="robots" content="noindex" />
<title>This link was blocked · Kartlink</title>
<style${nonce}>
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2937;background:#f9fafb}
main{max-width:32rem;margin:0 auto;padding:3rem 1.25rem}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 1rem}
p{margin:0 0 1rem}
code{background:#fef3c7;padding:.1rem .3rem;border-radius:.25rem;word-break:break-all}
a{display:inline-block;margin:.5rem 1rem 0 0;color:#1d4ed8;font-weight:600;min-height:44px;line-height:44px}
</style>
</head>
<body>
<main>
<h1>This link was blocked</h1>
<p>${escapeText(why)} You have not been sent there.</p>
<p>Site: <code>${escapeText(refusal.host)}</code></p>
<a href="${escapeAttribute(back.productPath)}">Back to the product</a>
<a href="${escapeAttribute(back.shopPath)}">See the shop</a>
</main>
</body>
</html>`;
}
