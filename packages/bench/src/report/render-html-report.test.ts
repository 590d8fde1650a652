import { describe, expect, it } from 'vitest';
import { renderBarChart } from './render-bar-chart.js';
import { renderHtmlReport } from './render-html-report.js';
import { SAMPLE_RESULT } from './test-support/sample-result.js';

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
});

describe('renderBarChart', () => {
  it('draws a bar per series and group, and marks unmeasured values', () => {
    const svg = renderBarChart({ title: 'A & B', series: ['x', 'y'], colors: ['#111', '#222'], groups: [{ label: '10%', values: [0.5, undefined] }], max: 1, format: String });
    expect(svg).toContain('A &amp; B');
    expect(svg.match(/<rect /g)).toHaveLength(1 + 2);
    expect(svg).toContain('y at 10%: not measured');
  });
});
