import { html, type Html } from '../pages/html';

export interface Bar {
  label: string;
  value: number;
  /** A colour class of console.css: ok, warn, bad, info. */
  tone?: 'ok' | 'warn' | 'bad' | 'info';
}

const ROW = 26;
const LABEL_W = 150;
const BAR_W = 170;
const VALUE_W = 60;

/**
 * Small horizontal bars drawn on the server as SVG: no script, nothing from a CDN, and under the
 * page's CSP (colours come from classes in console.css, never a style attribute). The numbers are
 * also in the SVG's text and its title, so a screen reader gets them too.
 */
export function barChart(title: string, bars: Bar[]): Html {
  if (bars.length === 0) return html`<p class="meta">Nothing in this period.</p>`;
  const max = Math.max(1, ...bars.map((b) => b.value));
  const width = LABEL_W + BAR_W + VALUE_W;
  const height = bars.length * ROW;
  const summary = bars.map((b) => `${b.label}: ${b.value}`).join(', ');
  return html`<svg class="chart" viewBox="0 0 ${width} ${height}" width="100%" role="img" aria-label="${title}: ${summary}" preserveAspectRatio="xMinYMin meet">
<title>${title}: ${summary}</title>
${bars.map((b, i) => {
  const y = i * ROW;
  const w = Math.max(b.value > 0 ? 2 : 0, Math.round((b.value / max) * BAR_W));
  return html`<text x="0" y="${y + 17}" class="chart-label">${b.label}</text>
<rect x="${LABEL_W}" y="${y + 4}" width="${w}" height="${ROW - 8}" rx="2" class="bar ${b.tone ?? 'info'}"></rect>
<text x="${LABEL_W + w + 6}" y="${y + 17}" class="chart-value">${b.value}</text>`;
})}
</svg>`;
}
