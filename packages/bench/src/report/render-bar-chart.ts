import { escapeHtml } from './escape-html.js';

/** One bar group of a chart (e.g. one budget). */
export interface BarGroup {
  label: string;
  /** One value per series, `undefined` where not measured. */
  values: readonly (number | undefined)[];
}

/** Options of {@link renderBarChart}. */
export interface BarChartOptions {
  title: string;
  /** A short line under the title (e.g. which direction is better). */
  subtitle?: string;
  /** Series names (strategies), in bar order. */
  series: readonly string[];
  /** Fill color per series. */
  colors: readonly string[];
  /** The series drawn with an outline and named in bold in the legend (e.g. `cairn`). */
  emphasize?: string;
  groups: readonly BarGroup[];
  /** Axis maximum; the largest value when absent. */
  max?: number;
  /** `log`: a base-10 axis, for values that span orders of magnitude. @default 'linear' */
  scale?: 'linear' | 'log';
  /** Formats a value for bar labels and tooltips. */
  format: (value: number) => string;
  /** Formats a tick of the value axis. @default format */
  tickFormat?: (value: number) => string;
  /** Ticks at whole numbers only (counts). */
  integerTicks?: boolean;
  /** The value axis' title, with its unit (e.g. `evidence recall (%)`). */
  yLabel?: string;
  /** The group axis' title. @default 'budget (share of the session history, in tokens)' */
  xLabel?: string;
  /** @default 640 */
  width?: number;
  /** @default 240 */
  height?: number;
}

const round = (value: number): string => String(Math.round(value * 10) / 10);
/** A rough width of `text` in pixels at `size` (system-ui averages a little over half an em). */
const textWidth = (text: string, size: number): number => text.length * size * 0.58;

/** Dark text on light fills, white on dark ones (hex colours; anything else counts as dark). */
function textColorOn(fill: string): string {
  const match = /^#([0-9a-f]{6})$/i.exec(fill);
  if (!match) return '#fff';
  const value = Number.parseInt(match[1]!, 16);
  const luminance = (0.299 * (value >> 16) + 0.587 * ((value >> 8) & 255) + 0.114 * (value & 255)) / 255;
  return luminance > 0.55 ? '#222' : '#fff';
}

function niceStep(max: number, ticks: number): number {
  const raw = max / ticks;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const normalized = raw / magnitude;
  return (normalized <= 1 ? 1 : normalized <= 2 ? 2 : normalized <= 2.5 ? 2.5 : normalized <= 5 ? 5 : 10) * magnitude;
}

/**
 * Renders a grouped bar chart as an inline SVG element (no script, no external resource): a title,
 * a value axis with gridlines, tick labels and a title, one group per label, one bar per series, a
 * value on each bar (rotated when the bar is narrow) and a legend that wraps.
 *
 * @param options - Title, series, colors, groups and formatting.
 * @returns An `<svg>` element as text.
 *
 * @example
 * ```ts
 * renderBarChart({ title: 'Evidence recall', series: ['bm25', 'cairn'], colors: ['#999', '#0a7'], groups: [{ label: '10%', values: [0.6, 0.7] }], max: 1, format: (v) => `${v}` });
 * ```
 */
export function renderBarChart({
  title,
  subtitle,
  series,
  colors,
  emphasize,
  groups,
  max,
  scale = 'linear',
  format,
  tickFormat = format,
  integerTicks = false,
  yLabel = '',
  xLabel = 'budget (share of the session history, in tokens)',
  width = 640,
  height = 240,
}: BarChartOptions): string {
  const measured = groups.flatMap((group) => group.values.filter((value): value is number => typeof value === 'number' && Number.isFinite(value)));
  // Value axis: ticks, then the plot's left edge from the widest tick label.
  let ticks: number[];
  let position: (value: number) => number;
  if (scale === 'log') {
    const positive = measured.filter((value) => value > 0);
    const low = positive.length > 0 ? 10 ** Math.floor(Math.log10(Math.min(...positive))) : 1;
    const high = 10 ** Math.ceil(Math.log10(Math.max(...positive, low * 10)));
    ticks = [];
    for (let tick = low; tick <= high * 1.001; tick *= 10) ticks.push(tick);
    position = (value) => (value <= low ? 0 : Math.min(1, Math.log10(value / low) / Math.log10(high / low)));
  } else {
    const top = max ?? Math.max(1e-9, ...measured);
    const step = integerTicks ? Math.max(1, Math.round(niceStep(top, 4))) : niceStep(top, 4);
    const axisMax = max ?? Math.max(step, Math.ceil(top / step - 1e-9) * step);
    ticks = [];
    for (let tick = 0; tick <= axisMax + step * 1e-6; tick += step) ticks.push(Number(tick.toPrecision(12)));
    position = (value) => Math.max(0, Math.min(value, axisMax) / axisMax);
  }
  const tickLabels = ticks.map(tickFormat);
  const plotTop = subtitle ? 44 : 30;
  const legendRows: { name: string; color: string; x: number; row: number }[] = [];
  const left = 16 + (yLabel ? 14 : 0) + Math.max(...tickLabels.map((label) => textWidth(label, 10)));
  const right = 10;
  {
    let x = left;
    let row = 0;
    series.forEach((name, index) => {
      const itemWidth = 20 + textWidth(name, 11) + (name === emphasize ? 6 : 0);
      if (x + itemWidth > width - right && x > left) {
        row += 1;
        x = left;
      }
      legendRows.push({ name, color: colors[index] ?? '#888', x, row });
      x += itemWidth + 10;
    });
  }
  const legendHeight = (Math.max(0, ...legendRows.map((item) => item.row)) + 1) * 16;
  const bottom = 22 + (xLabel ? 16 : 0) + legendHeight + 4;
  const plotHeight = Math.max(40, height - plotTop - bottom);
  const plotWidth = width - left - right;
  const baseline = plotTop + plotHeight;
  const groupWidth = plotWidth / Math.max(1, groups.length);
  const groupPadding = Math.min(16, groupWidth * 0.12);
  const barWidth = Math.max(2, (groupWidth - groupPadding * 2) / Math.max(1, series.length));

  const parts: string[] = [`<title>${escapeHtml(title)}${subtitle ? ` — ${escapeHtml(subtitle)}` : ''}</title>`];
  parts.push(`<text class="chart-title" x="4" y="16" font-size="14" font-weight="600">${escapeHtml(title)}</text>`);
  if (subtitle) parts.push(`<text class="chart-subtitle" x="4" y="32" font-size="11" fill="#555">${escapeHtml(subtitle)}</text>`);
  // Gridlines and tick labels.
  ticks.forEach((tick, index) => {
    const y = baseline - position(tick) * plotHeight;
    parts.push(`<line x1="${round(left)}" y1="${round(y)}" x2="${round(left + plotWidth)}" y2="${round(y)}" stroke="${index === 0 ? '#888' : '#e4e4e4'}"/>`);
    parts.push(`<text x="${round(left - 4)}" y="${round(y + 3.5)}" font-size="10" text-anchor="end" fill="#555">${escapeHtml(tickLabels[index]!)}</text>`);
  });
  if (yLabel) parts.push(`<text class="y-label" transform="translate(11 ${round(plotTop + plotHeight / 2)}) rotate(-90)" font-size="10.5" text-anchor="middle" fill="#444">${escapeHtml(yLabel)}</text>`);
  groups.forEach((group, groupIndex) => {
    const groupLeft = left + groupIndex * groupWidth + groupPadding;
    group.values.forEach((value, seriesIndex) => {
      const name = series[seriesIndex] ?? '';
      const x = groupLeft + seriesIndex * barWidth;
      const innerWidth = Math.max(1, barWidth - 2);
      const center = x + innerWidth / 2;
      const tooltip = `${name} at ${group.label}: ${typeof value === 'number' ? format(value) : 'not measured'}`;
      if (typeof value !== 'number' || !Number.isFinite(value)) {
        parts.push(`<text x="${round(center)}" y="${baseline - 3}" font-size="10" text-anchor="middle" fill="#999"><title>${escapeHtml(tooltip)}</title>–</text>`);
        return;
      }
      const barHeight = Math.max(value > 0 ? 1 : 0, position(value) * plotHeight);
      const y = baseline - barHeight;
      const outline = name === emphasize ? ' stroke="#111" stroke-width="1.2"' : '';
      parts.push(`<rect x="${round(x)}" y="${round(y)}" width="${round(innerWidth)}" height="${round(barHeight)}" fill="${colors[seriesIndex] ?? '#888'}"${outline}><title>${escapeHtml(tooltip)}</title></rect>`);
      const text = format(value);
      const weight = name === emphasize ? ' font-weight="700"' : '';
      if (textWidth(text, 9.5) * 1.12 <= innerWidth) {
        parts.push(`<text x="${round(center)}" y="${round(y - 3)}" font-size="9.5" text-anchor="middle"${weight}>${escapeHtml(text)}</text>`);
      } else if (innerWidth >= 9) {
        // Narrow bar: the value runs up the bar, inside it when it fits, above it otherwise.
        const length = textWidth(text, 9.5);
        const inside = barHeight >= length + 8;
        const anchorY = inside ? y + 4 : y - 3;
        parts.push(
          `<text transform="translate(${round(center + 3.3)} ${round(anchorY)}) rotate(-90)" font-size="9.5" text-anchor="${inside ? 'end' : 'start'}" fill="${inside ? textColorOn(colors[seriesIndex] ?? '#888') : '#222'}"${weight}>${escapeHtml(text)}</text>`,
        );
      }
    });
    parts.push(`<text x="${round(left + groupIndex * groupWidth + groupWidth / 2)}" y="${baseline + 15}" font-size="11.5" text-anchor="middle">${escapeHtml(group.label)}</text>`);
  });
  if (xLabel) parts.push(`<text class="x-label" x="${round(left + plotWidth / 2)}" y="${baseline + 31}" font-size="10.5" text-anchor="middle" fill="#444">${escapeHtml(xLabel)}</text>`);
  const legendTop = height - legendHeight;
  parts.push('<g class="legend">');
  for (const item of legendRows) {
    const y = legendTop + item.row * 16;
    const bold = item.name === emphasize;
    parts.push(
      `<rect x="${round(item.x)}" y="${y + 2}" width="12" height="12" fill="${item.color}"${bold ? ' stroke="#111" stroke-width="1.2"' : ''}/><text x="${round(item.x + 16)}" y="${y + 12}" font-size="11"${bold ? ' font-weight="700"' : ''}>${escapeHtml(item.name)}</text>`,
    );
  }
  parts.push('</g>');
  return `<svg class="chart" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeHtml(title)}" font-family="system-ui, sans-serif">${parts.join('')}</svg>`;
}
