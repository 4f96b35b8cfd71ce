import type { Response } from 'express';

/** Markup that is already safe: produced by `html` or `raw`, never escaped again. */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** Trusted markup only (constants written in this repo); user or platform text goes through `html`. */
export const raw = (s: string): Html => new Html(s);

type Value = Html | string | number | null | undefined | false | readonly Value[];

const render = (v: Value): string => {
  if (v === null || v === undefined || v === false) return '';
  if (v instanceof Html) return v.value;
  if (Array.isArray(v)) return (v as readonly Value[]).map(render).join('');
  return escapeHtml(String(v));
};

/** Tagged template: every interpolated value is escaped unless it is already `Html`. */
export function html(strings: TemplateStringsArray, ...values: Value[]): Html {
  let out = strings[0]!;
  values.forEach((v, i) => (out += render(v) + strings[i + 1]!));
  return new Html(out);
}

export interface LayoutOptions {
  title: string;
  body: Html;
  lang?: string;
  /** Extra scripts served from /assets (never inline). */
  scripts?: string[];
}

/** The shared frame of every page: one stylesheet from /assets, no CDN, readable at 360 px. */
export function layout(o: LayoutOptions): Html {
  return html`<!doctype html>
<html lang="${o.lang ?? 'en'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${o.title} · Ads Gateway</title>
<link rel="stylesheet" href="/assets/pages.css">
${(o.scripts ?? []).map((s) => html`<script src="/assets/${s}" defer></script>`)}
</head>
<body>
<main class="card">
${o.body}
</main>
</body>
</html>
`;
}

export interface SendPageOptions {
  status?: number;
  /** Origins allowed to frame the page; none = no framing at all. */
  frameAncestors?: string[];
  /** Origins a form may post to, or be redirected to after posting (Chromium applies form-action to redirects). */
  formAction?: string[];
}

/** The Content-Security-Policy of a page: nothing inline, everything from this origin. */
export function pageCsp(o: SendPageOptions = {}): string {
  const ancestors = o.frameAncestors?.length ? o.frameAncestors.join(' ') : "'none'";
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    `form-action 'self'${o.formAction?.length ? ` ${o.formAction.join(' ')}` : ''}`,
    `frame-ancestors ${ancestors}`,
    "base-uri 'none'",
  ].join('; ');
}

export function sendPage(res: Response, page: Html, o: SendPageOptions = {}): void {
  res.status(o.status ?? 200);
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Content-Security-Policy', pageCsp(o));
  // frame-ancestors governs framing; the legacy header would forbid what the CSP allows.
  if (o.frameAncestors?.length) res.removeHeader('X-Frame-Options');
  else res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Cache-Control', 'no-store');
  // same-origin, not no-referrer: with no-referrer Chromium posts forms with `Origin: null`, which the CSRF check refuses.
  res.setHeader('Referrer-Policy', 'same-origin');
  res.send(page.value);
}

/** A page with a heading, plain-words text and a way onward. */
export function messagePage(o: { title: string; text: string | Html; link?: { href: string; label: string }; tone?: 'ok' | 'error' }): Html {
  return layout({
    title: o.title,
    body: html`<h1 class="${o.tone === 'error' ? 'error' : 'ok'}">${o.title}</h1>
<p>${o.text}</p>
${o.link ? html`<p><a class="button" href="${o.link.href}">${o.link.label}</a></p>` : ''}`,
  });
}
