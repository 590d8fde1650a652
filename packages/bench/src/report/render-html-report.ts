import type { BenchmarkResult } from '../runner/benchmark-types.js';
import { escapeHtml } from './escape-html.js';
import { findCairnLosses } from './find-cairn-losses.js';
import { formatBudget } from './format-budget.js';
import { formatMetric, METRIC_DEFINITIONS } from './metric-definitions.js';
import { renderBarChart } from './render-bar-chart.js';

const PALETTE = ['#9e9e9e', '#e3a33b', '#7b8fd1', '#c66bb0', '#4aa3a3', '#1f9d55', '#b5533c', '#5c6bc0'];
const CAIRN_COLOR = '#1f7a3d';

const STYLE = `body{font-family:system-ui,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222}
h1{font-size:1.6em}h2{margin-top:2em;border-bottom:1px solid #ddd}h3{margin-top:1.5em}
table{border-collapse:collapse;margin:.5em 0;font-size:.9em}th,td{border:1px solid #ddd;padding:3px 8px;text-align:right}
th:first-child,td:first-child{text-align:left}.charts{display:flex;flex-wrap:wrap;gap:12px}.note{color:#555;font-size:.9em}
li{margin:.2em 0}.loss{color:#8a1f11}`;

/** Options of {@link renderHtmlReport}. */
export interface HtmlReportOptions {
  /** Page title. @default 'cairn benchmark' */
  title?: string;
  /** The command that produced the result, shown on the page. */
  command?: string;
}

function datasetSection(result: BenchmarkResult, datasetName: string, colors: readonly string[]): string {
  const dataset = result.datasets.find((entry) => entry.name === datasetName)!;
  const cells = result.cells.filter((cell) => cell.dataset === datasetName);
  const strategies = result.strategies.map((strategy) => strategy.name);
  const metrics = METRIC_DEFINITIONS.filter((metric) => cells.some((cell) => typeof cell.metrics[metric.key] === 'number' && (metric.key !== 'failedViews' || cell.metrics.failedViews > 0)));
  const charts = metrics.map((metric) =>
    renderBarChart({
      title: `${metric.label}${metric.better === 'higher' ? ' (higher is better)' : metric.better === 'lower' ? ' (lower is better)' : ''}`,
      series: strategies,
      colors,
      groups: result.budgets.map((budget) => ({
        label: `budget ${formatBudget(budget)}`,
        values: strategies.map((strategy) => {
          const value = cells.find((cell) => cell.strategy === strategy && cell.budget === budget)?.metrics[metric.key];
          return typeof value === 'number' ? value : undefined;
        }),
      })),
      ...(metric.unit === 'share' ? { max: 1 } : {}),
      format: (value) => formatMetric(metric, value),
      width: 520,
      height: 230,
    }),
  );
  const header = `<tr><th>budget</th><th>strategy</th>${metrics.map((metric) => `<th title="${escapeHtml(metric.explanation)}">${escapeHtml(metric.label)}</th>`).join('')}</tr>`;
  const rows = result.budgets.flatMap((budget) =>
    cells
      .filter((cell) => cell.budget === budget)
      .map((cell) => `<tr><td>${formatBudget(budget)}</td><td>${escapeHtml(cell.strategy)}</td>${metrics.map((metric) => `<td>${formatMetric(metric, cell.metrics[metric.key])}</td>`).join('')}</tr>`),
  );
  const errors = cells.flatMap((cell) => (cell.metrics.errors ?? []).map((error) => `<li>${escapeHtml(cell.strategy)} at ${formatBudget(cell.budget)}: ${escapeHtml(error)}</li>`));
  return `<h2 id="${escapeHtml(dataset.name)}">${escapeHtml(dataset.name)}</h2>
<p class="note">${escapeHtml(dataset.description)} — ${dataset.sessions} sessions, ${dataset.messages} messages${dataset.probes > 0 ? `, ${dataset.probes} probes` : ''}.</p>
<div class="charts">${charts.join('\n')}</div>
<table>${header}${rows.join('')}</table>${errors.length > 0 ? `<p>Errors thrown by strategies:</p><ul>${errors.join('')}</ul>` : ''}`;
}

function lossesSection(result: BenchmarkResult): string {
  if (!result.strategies.some((strategy) => strategy.name === 'cairn')) return '<h2 id="losses">Where cairn loses</h2><p>The cairn strategy was not part of this run.</p>';
  const losses = findCairnLosses(result);
  if (losses.length === 0) return '<h2 id="losses">Where cairn loses</h2><p>No baseline beats cairn on any compared metric, data set or budget in this run.</p>';
  const items = losses.map((loss) => {
    const direction = loss.metric.better === 'higher' ? 'higher' : 'lower';
    const caveats = [
      loss.baselineOverBudgetViews > 0 ? `over budget in ${loss.baselineOverBudgetViews} of its ${loss.baselineViews} views` : '',
      loss.baselineToolPairViolations > 0 ? `a broken tool pair in ${loss.baselineToolPairViolations} of its ${loss.baselineViews} views` : '',
    ].filter((caveat) => caveat !== '');
    const context = caveats.length > 0 ? ` — though ${escapeHtml(loss.strategy)} was ${caveats.join(' and had ')}` : '';
    return `<li class="loss">On <b>${escapeHtml(loss.dataset)}</b> at a ${formatBudget(loss.budget)} budget, <b>${escapeHtml(loss.strategy)}</b> has a ${direction} ${escapeHtml(loss.metric.label.toLowerCase())} than cairn: ${formatMetric(loss.metric, loss.baselineValue)} against ${formatMetric(loss.metric, loss.cairnValue)} (${escapeHtml(loss.metric.explanation)})${context}.</li>`;
  });
  return `<h2 id="losses">Where cairn loses</h2><p>Every metric, data set and budget where a baseline does better than cairn (${losses.length} in all). Token reduction is informational and not compared: a smaller view is not better in itself.</p><ul>${items.join('\n')}</ul>`;
}

/**
 * Renders a benchmark result as one self-contained HTML page: a bar chart per metric and data set
 * (inline SVG, no script, no external resource, so it opens offline), the numbers in tables, and a
 * plain-language "where cairn loses" section listing every metric × data set × budget where a
 * baseline beats cairn.
 *
 * @param result - A benchmark result.
 * @param options - Title and the command line to show.
 * @returns The HTML document.
 *
 * @example
 * ```ts
 * await writeFile('cairn-report.html', renderHtmlReport(result));
 * ```
 */
export function renderHtmlReport(result: BenchmarkResult, { title = 'cairn benchmark', command }: HtmlReportOptions = {}): string {
  let next = 0;
  const colors = result.strategies.map((strategy) => (strategy.name === 'cairn' ? CAIRN_COLOR : PALETTE[next++ % PALETTE.length]!));
  const strategyList = result.strategies.map((strategy) => `<li><b>${escapeHtml(strategy.name)}</b>: ${escapeHtml(strategy.description)}</li>`).join('');
  const metricList = METRIC_DEFINITIONS.map((metric) => `<li><b>${escapeHtml(metric.label)}</b>: ${escapeHtml(metric.explanation)}.</li>`).join('');
  const contents = [...result.datasets.map((dataset) => `<a href="#${escapeHtml(dataset.name)}">${escapeHtml(dataset.name)}</a>`), '<a href="#losses">where cairn loses</a>'].join(' · ');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><h1>${escapeHtml(title)}</h1>
<p>${result.strategies.length} strategies × ${result.datasets.length} data sets × budgets ${result.budgets.map(formatBudget).join(', ')} of each session's history tokens${result.minBudgetTokens > 0 ? ` (at least ${result.minBudgetTokens} tokens)` : ''} (counted with ${escapeHtml(result.tokenizer)} for every strategy); ${(result.durationMs / 1000).toFixed(1)} s.${command ? ` Command: <code>${escapeHtml(command)}</code>.` : ''}</p>
<p>${contents}</p>
<h3>Strategies</h3><ul>${strategyList}</ul>
<h3>Metrics</h3><ul>${metricList}</ul>
<p class="note">Agent runs are replayed turn by turn (a view before each assistant message, query: the latest user message; at most about 60 sampled turns per session, always including the turns right before repeated failed calls). Probes get a view for their question. Everything but the timings is deterministic.</p>
${result.datasets.map((dataset) => datasetSection(result, dataset.name, colors)).join('\n')}
${lossesSection(result)}
</body></html>
`;
}
