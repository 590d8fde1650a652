import { describe, expect, it } from 'vitest';
import { formatMetricWithUnit, METRIC_DEFINITIONS, metricDirection, metricUnit } from './metric-definitions.js';
import { renderBarChart } from './render-bar-chart.js';
import { renderHtmlReport } from './render-html-report.js';
import { SAMPLE_RESULT } from './test-support/sample-result.js';

const GENERATED_AT = new Date('2025-01-02T03:04:05Z');
const svgs = (html: string): string[] => html.match(/<svg[\s\S]*?<\/svg>/g) ?? [];

describe('renderHtmlReport', () => {
  it('is one self-contained page with inline SVG charts and the losses in plain language', () => {
    const html = renderHtmlReport(SAMPLE_RESULT, { command: 'cairn bench' });
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('<svg');
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(html).not.toContain('<script');
    expect(html).toContain('top-k by &lt;question&gt;');
    expect(html).toContain('On <b>locomo</b> at a 10% budget, <b>bm25</b> has a higher evidence recall than cairn: 60.0% against 50.0%');
    expect(html).toContain('— though bm25 was over budget in 1 of its 10 views.');
  });

  it('says when, how and on what it ran, what a budget is and which counter measured it', () => {
    const html = renderHtmlReport(SAMPLE_RESULT, { command: 'cairn bench --data ../shared/data', generatedAt: GENERATED_AT });
    expect(html).toContain('<title>cairn benchmark</title>');
    expect(html).toContain('Generated 2025-01-02 03:04 UTC');
    expect(html).toContain('<code>cairn bench --data ../shared/data</code>');
    expect(html).toContain('<b>locomo</b> (1 sessions, 400 messages, 4 probes)');
    expect(html).toMatch(/<b>Budget<\/b>: a share of each session's <em>whole<\/em> history in tokens/);
    expect(html).toContain('<code>o200k_base</code>');
    expect(html).toContain('name="viewport"');
  });

  it('explains every metric with its unit and which direction is better', () => {
    const html = renderHtmlReport(SAMPLE_RESULT, { generatedAt: GENERATED_AT });
    for (const metric of METRIC_DEFINITIONS) {
      expect(html).toContain(`<tr><td><b>${metric.label}</b></td>`);
      expect(html).toContain(metricDirection(metric));
    }
    expect(html).toContain('informational (not compared)');
  });

  it('gives every chart a title, a direction, both axis titles with the unit, and a legend that names cairn in bold', () => {
    const html = renderHtmlReport(SAMPLE_RESULT, { generatedAt: GENERATED_AT });
    const charts = svgs(html);
    expect(charts.length).toBeGreaterThan(0);
    for (const svg of charts) {
      expect(svg).toMatch(/<title>[^<]+<\/title>/);
      expect(svg).toMatch(/class="chart-title"[^>]*>[^<]+</);
      expect(svg).toMatch(/class="chart-subtitle"[^>]*>[^<]*(higher is better|lower is better|informational)/);
      expect(svg).toMatch(/class="y-label"[^>]*>[^<]+\((%|views|ms|messages\/s)\)</);
      expect(svg).toContain('class="x-label"');
      expect(svg).toMatch(/<g class="legend">.*font-weight="700">cairn<\/text>/);
    }
    expect(html).toContain('evidence recall (%)');
  });

  it('keeps wide tables scrollable, marks cairn rows and puts units in the headers', () => {
    const html = renderHtmlReport(SAMPLE_RESULT, { generatedAt: GENERATED_AT });
    expect(html).toContain('<div class="table-wrap"><table>');
    expect(html.match(/<tr class="cairn[^"]*">/g)).toHaveLength(2);
    expect(html).toContain('Evidence recall<small>% ↑</small>');
    expect(html).toContain('Views over budget<small>views ↓</small>');
  });

  it('separates losses to baselines that kept to the rules from wins by breaking the budget or tool pairs', () => {
    const html = renderHtmlReport(SAMPLE_RESULT, { generatedAt: GENERATED_AT });
    expect(html).toContain('<b>0</b> against a baseline that stayed within budget');
    expect(html).toContain('<b>1</b> against a baseline that broke the budget');
    expect(html).toContain('<details open><summary>Against baselines that broke the budget or tool pairs (1)</summary>');
    expect(html).toContain('1 metric × data set × budget cells where a baseline does better; <b>0</b> of them');
  });

  it('tallies fair losses by metric and says "fewer" for counts', () => {
    const cells = SAMPLE_RESULT.cells.map((cell) => (cell.strategy === 'bm25' && cell.budget === 0.1 ? { ...cell, metrics: { ...cell.metrics, overBudgetViews: 0 } } : cell.strategy === 'cairn' && cell.budget === 0.2 ? { ...cell, metrics: { ...cell.metrics, failedViews: 2 } } : cell));
    const html = renderHtmlReport({ ...SAMPLE_RESULT, cells }, { generatedAt: GENERATED_AT });
    expect(html).toContain('<h3>Against baselines that kept to the rules (2)</h3><p class="note">By metric: Evidence recall 1 · Failed views 1.</p>');
    expect(html).toContain('<b>bm25</b> has fewer failed views than cairn: 0 views against 2 views.');
  });

  it('says so when cairn did not run', () => {
    const html = renderHtmlReport({ ...SAMPLE_RESULT, strategies: SAMPLE_RESULT.strategies.filter((strategy) => strategy.name !== 'cairn') }, { generatedAt: GENERATED_AT });
    expect(html).toContain('The cairn strategy was not part of this run.');
  });
});

describe('renderBarChart', () => {
  it('draws a bar per series and group, and marks unmeasured values', () => {
    const svg = renderBarChart({ title: 'A & B', series: ['x', 'y'], colors: ['#111', '#222'], groups: [{ label: '10%', values: [0.5, undefined] }], max: 1, format: String });
    expect(svg).toContain('A &amp; B');
    expect(svg.match(/<rect /g)).toHaveLength(1 + 2);
    expect(svg).toContain('y at 10%: not measured');
  });

  it('draws a value axis with ticks and titles, and outlines the emphasized series', () => {
    const svg = renderBarChart({
      title: 'Recall',
      subtitle: 'higher is better',
      series: ['bm25', 'cairn'],
      colors: ['#999', '#1a7f37'],
      emphasize: 'cairn',
      groups: [{ label: '10% budget', values: [0.6, 0.7] }],
      max: 1,
      format: (value) => `${Math.round(value * 100)}%`,
      yLabel: 'recall (%)',
    });
    for (const tick of ['0%', '25%', '50%', '75%', '100%']) expect(svg).toContain(`>${tick}</text>`);
    expect(svg).toContain('>recall (%)</text>');
    expect(svg).toContain('>budget (share of the session history, in tokens)</text>');
    expect(svg).toContain('fill="#1a7f37" stroke="#111"');
    expect(svg).toContain('font-weight="700">cairn</text>');
  });

  it('uses whole-number ticks for counts, even when every value is zero, and decades on a log scale', () => {
    const counts = renderBarChart({ title: 'Views over budget', series: ['a'], colors: ['#999'], groups: [{ label: '5%', values: [0] }], integerTicks: true, format: String });
    expect(counts).toContain('>1</text>');
    expect(counts).not.toContain('NaN');
    const log = renderBarChart({ title: 'Throughput', series: ['a', 'b'], colors: ['#999', '#888'], groups: [{ label: '5%', values: [8000, 3_500_000] }], scale: 'log', format: String });
    for (const tick of ['1000', '10000', '100000', '1000000', '10000000']) expect(log).toContain(`>${tick}</text>`);
    expect(log).not.toContain('>100</text>');
  });

  it('wraps the legend rather than running past the right edge', () => {
    const series = ['full', 'recency', 'clear-tool-uses', 'prune', 'bm25', 'cairn', 'another-long-baseline', 'and-one-more'];
    const svg = renderBarChart({ title: 'T', series, colors: series.map(() => '#999'), groups: [{ label: 'g', values: series.map(() => 1) }], format: String, width: 320, height: 300 });
    const xs = [...svg.matchAll(/<rect x="([\d.]+)" y="(\d+)" width="12"/g)].map((match) => Number(match[1]));
    expect(new Set([...svg.matchAll(/<rect x="[\d.]+" y="(\d+)" width="12"/g)].map((match) => match[1])).size).toBeGreaterThan(1);
    for (const x of xs) expect(x).toBeLessThan(320);
  });
});

describe('metric units', () => {
  it('names each unit and writes it after values in sentences', () => {
    const byKey = (key: string) => METRIC_DEFINITIONS.find((metric) => metric.key === key)!;
    expect(metricUnit(byKey('evidenceRecall'))).toBe('%');
    expect(formatMetricWithUnit(byKey('evidenceRecall'), 0.5)).toBe('50.0%');
    expect(formatMetricWithUnit(byKey('viewLatencyP50'), 4.9)).toBe('4.90 ms');
    expect(formatMetricWithUnit(byKey('overBudgetViews'), 1)).toBe('1 view');
    expect(formatMetricWithUnit(byKey('overBudgetViews'), 3)).toBe('3 views');
    expect(formatMetricWithUnit(byKey('ingestThroughput'), 8300)).toBe('8.3k messages/s');
    expect(formatMetricWithUnit(byKey('ingestThroughput'), 3_500_000)).toBe('3.5M messages/s');
    expect(formatMetricWithUnit(byKey('ingestThroughput'), undefined)).toBe('–');
  });
});
