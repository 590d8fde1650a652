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
  /** Series names (strategies), in bar order. */
  series: readonly string[];
  /** Fill color per series. */
  colors: readonly string[];
  groups: readonly BarGroup[];
  /** Axis maximum; the largest value when absent. */
  max?: number;
  /** Formats a value for labels and tooltips. */
  format: (value: number) => string;
  /** @default 640 */
  width?: number;
  /** @default 240 */
  height?: number;
}

const round = (value: number): string => String(Math.round(value * 10) / 10);

/**
 * Renders a grouped bar chart as an inline SVG element (no script, no external resource): one
 * group per label, one bar per series, a value on each bar and a legend.
 *
 * @param options - Title, series, colors, groups and formatting.
 * @returns An `<svg>` element as text.
 *
 * @example
 * ```ts
 * renderBarChart({ title: 'Evidence recall', series: ['bm25', 'cairn'], colors: ['#999', '#0a7'], groups: [{ label: '10%', values: [0.6, 0.7] }], max: 1, format: (v) => `${v}` });
 * ```
 */
export function renderBarChart({ title, series, colors, groups, max, format, width = 640, height = 240 }: BarChartOptions): string {
  const top = 28;
  const bottom = 44;
  const left = 8;
  const plotHeight = height - top - bottom;
  const plotWidth = width - left * 2;
  const measured = groups.flatMap((group) => group.values.filter((value): value is number => typeof value === 'number' && Number.isFinite(value)));
  const scaleMax = max ?? Math.max(1e-9, ...measured);
  const groupWidth = plotWidth / Math.max(1, groups.length);
  const barWidth = Math.max(2, (groupWidth - 16) / Math.max(1, series.length));
  const parts: string[] = [`<text x="${left}" y="16" font-size="13" font-weight="600">${escapeHtml(title)}</text>`];
  parts.push(`<line x1="${left}" y1="${top + plotHeight}" x2="${left + plotWidth}" y2="${top + plotHeight}" stroke="#888"/>`);
  groups.forEach((group, groupIndex) => {
    const groupLeft = left + groupIndex * groupWidth + 8;
    group.values.forEach((value, seriesIndex) => {
      const x = groupLeft + seriesIndex * barWidth;
      const label = `${series[seriesIndex]} at ${group.label}: ${typeof value === 'number' ? format(value) : 'not measured'}`;
      if (typeof value !== 'number' || !Number.isFinite(value)) {
        parts.push(`<text x="${round(x + barWidth / 2)}" y="${top + plotHeight - 3}" font-size="9" text-anchor="middle" fill="#999"><title>${escapeHtml(label)}</title>–</text>`);
        return;
      }
      const barHeight = Math.max(value > 0 ? 1 : 0, (Math.min(value, scaleMax) / scaleMax) * plotHeight);
      const y = top + plotHeight - barHeight;
      parts.push(`<rect x="${round(x)}" y="${round(y)}" width="${round(barWidth - 2)}" height="${round(barHeight)}" fill="${colors[seriesIndex] ?? '#888'}"><title>${escapeHtml(label)}</title></rect>`);
      if (barWidth >= 14) parts.push(`<text x="${round(x + (barWidth - 2) / 2)}" y="${round(y - 3)}" font-size="8" text-anchor="middle">${escapeHtml(format(value))}</text>`);
    });
    parts.push(`<text x="${round(groupLeft + (groupWidth - 16) / 2)}" y="${top + plotHeight + 14}" font-size="11" text-anchor="middle">${escapeHtml(group.label)}</text>`);
  });
  let legendX = left;
  series.forEach((name, index) => {
    parts.push(`<rect x="${legendX}" y="${height - 14}" width="10" height="10" fill="${colors[index] ?? '#888'}"/><text x="${legendX + 14}" y="${height - 5}" font-size="11">${escapeHtml(name)}</text>`);
    legendX += 24 + name.length * 7;
  });
  return `<svg width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeHtml(title)}" font-family="system-ui, sans-serif">${parts.join('')}</svg>`;
}
