import type { BenchmarkCell, BenchmarkResult } from '../runner/benchmark-types.js';
import { escapeHtml } from './escape-html.js';
import { type CairnLoss, findCairnLosses } from './find-cairn-losses.js';
import { formatBudget } from './format-budget.js';
import { formatMetric, formatMetricWithUnit, METRIC_DEFINITIONS, type MetricDefinition, metricDirection, metricUnit } from './metric-definitions.js';
import { renderBarChart } from './render-bar-chart.js';

/** Muted baseline colours (no green, so cairn's green stands apart). */
const PALETTE = ['#b3b3b3', '#e3b765', '#8eaed8', '#c3a2d6', '#dc9c8e', '#a3b1bd', '#d4c38a', '#9fc3d6'];
const CAIRN_COLOR = '#1a7f37';
const CAIRN = 'cairn';

const STYLE = `body{font-family:system-ui,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222;line-height:1.45}
h1{font-size:1.7em;margin-bottom:.2em}h2{margin-top:2.2em;border-bottom:1px solid #ddd;padding-bottom:.15em}h3{margin-top:1.5em}
.meta{color:#555;margin-top:0}code{background:#f3f3f3;padding:0 .25em;border-radius:3px;word-break:break-all}
.glance{background:#f6f8f6;border:1px solid #d5e3d8;border-radius:6px;padding:.6em 1.1em}.glance ul{margin:.3em 0;padding-left:1.2em}
nav{margin:1em 0}nav a{margin-right:.9em}
.swatch{display:inline-block;width:.8em;height:.8em;border-radius:2px;vertical-align:-.05em;margin-right:.25em}.swatch.cairn{outline:1.5px solid #111}
.table-wrap{overflow-x:auto;max-width:100%;margin:.5em 0}
table{border-collapse:collapse;font-size:.84em}th,td{border:1px solid #ddd;padding:3px 5px;text-align:right;vertical-align:top}
th{background:#f4f4f4;font-weight:600;vertical-align:bottom}th small{display:block;font-weight:400;color:#666;white-space:nowrap}
th:first-child,td:first-child,.text{text-align:left}td.strategy{text-align:left;white-space:nowrap}td.budget{white-space:nowrap;background:#fafafa}
tr.cairn td{background:#eaf5ed;font-weight:600}tr.group-start td{border-top:2px solid #aaa}
.metrics td{text-align:left}.metrics td:nth-child(3),.metrics td:nth-child(4){white-space:nowrap}
.charts{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,470px),1fr));gap:14px 18px;margin:1em 0}
svg.chart{width:100%;height:auto;max-width:720px}
.note{color:#555;font-size:.9em}li{margin:.25em 0}.loss{color:#8a1f11}.better{color:#1a7f37}
details{margin:.6em 0}summary{cursor:pointer;font-weight:600}`;

/** Options of {@link renderHtmlReport}. */
export interface HtmlReportOptions {
  /** Page title. @default 'cairn benchmark' */
  title?: string;
  /** The command that produced the result, shown on the page. */
  command?: string;
  /** When the report was made, shown on the page. @default now */
  generatedAt?: Date;
}

const arrow = (metric: MetricDefinition): string => (metric.better === 'higher' ? '↑' : metric.better === 'lower' ? '↓' : '');

function swatch(name: string, color: string): string {
  return `<span class="swatch${name === CAIRN ? ' cairn' : ''}" style="background:${color}"></span>`;
}

function tickFormat(metric: MetricDefinition): (value: number) => string {
  if (metric.unit === 'share') return (value) => `${Math.round(value * 100)}%`;
  if (metric.unit === 'rate') return (value) => formatMetric(metric, value);
  return (value) => String(Number(value.toPrecision(3)));
}

function metricsOf(cells: readonly BenchmarkCell[]): MetricDefinition[] {
  return METRIC_DEFINITIONS.filter((metric) => cells.some((cell) => typeof cell.metrics[metric.key] === 'number' && (metric.key !== 'failedViews' || cell.metrics.failedViews > 0)));
}

function datasetSection(result: BenchmarkResult, datasetName: string, colors: readonly string[]): string {
  const dataset = result.datasets.find((entry) => entry.name === datasetName)!;
  const cells = result.cells.filter((cell) => cell.dataset === datasetName);
  const strategies = result.strategies.map((strategy) => strategy.name);
  const metrics = metricsOf(cells);
  const charts = metrics.map((metric) => {
    const log = metric.unit === 'rate';
    return renderBarChart({
      title: metric.label,
      subtitle: `${arrow(metric)} ${metricDirection(metric)}${log ? ' · log scale' : ''}`.trim(),
      series: strategies,
      colors,
      emphasize: CAIRN,
      groups: result.budgets.map((budget) => ({
        label: `${formatBudget(budget)} budget`,
        values: strategies.map((strategy) => {
          const value = cells.find((cell) => cell.strategy === strategy && cell.budget === budget)?.metrics[metric.key];
          return typeof value === 'number' ? value : undefined;
        }),
      })),
      ...(metric.unit === 'share' ? { max: 1 } : {}),
      ...(log ? { scale: 'log' as const } : {}),
      integerTicks: metric.unit === 'count',
      format: (value) => formatMetric(metric, value),
      tickFormat: tickFormat(metric),
      yLabel: `${metric.label.toLowerCase()} (${metricUnit(metric)})`,
      xLabel: 'budget (share of the session history, in tokens)',
      width: 540,
      height: 300,
    });
  });
  const header = `<tr><th>budget</th><th class="text">strategy</th>${metrics
    .map((metric) => `<th title="${escapeHtml(`${metric.explanation} — ${metricDirection(metric)}`)}">${escapeHtml(metric.label)}<small>${escapeHtml(metricUnit(metric))}${arrow(metric) ? ` ${arrow(metric)}` : ''}</small></th>`)
    .join('')}</tr>`;
  const rows = result.budgets.flatMap((budget) => {
    const budgetCells = cells.filter((cell) => cell.budget === budget);
    return budgetCells.map((cell, index) => {
      const classes = [cell.strategy === CAIRN ? 'cairn' : '', index === 0 ? 'group-start' : ''].filter((name) => name !== '').join(' ');
      const budgetCell = index === 0 ? `<td class="budget" rowspan="${budgetCells.length}">${formatBudget(budget)}</td>` : '';
      return `<tr${classes ? ` class="${classes}"` : ''}>${budgetCell}<td class="strategy">${escapeHtml(cell.strategy)}</td>${metrics.map((metric) => `<td>${formatMetric(metric, cell.metrics[metric.key])}</td>`).join('')}</tr>`;
    });
  });
  const failing = cells.filter((cell) => (cell.metrics.errors ?? []).length > 0 || cell.metrics.failedViews > 0);
  const errors =
    failing.length === 0
      ? ''
      : `<details class="errors"><summary>Errors thrown by strategies: ${failing.map((cell) => `${escapeHtml(cell.strategy)} at ${formatBudget(cell.budget)} in ${cell.metrics.failedViews} of ${cell.metrics.views} views`).join('; ')}</summary>
<p class="note">A view call that throws counts as an empty view. Up to five distinct messages per strategy and budget (messages are cut at about 200 characters):</p>
<ul>${failing.flatMap((cell) => (cell.metrics.errors ?? []).map((error) => `<li>${escapeHtml(cell.strategy)} at ${formatBudget(cell.budget)}: ${escapeHtml(error)}</li>`)).join('')}</ul></details>`;
  return `<h2 id="${escapeHtml(dataset.name)}">Data set: ${escapeHtml(dataset.name)}</h2>
<p class="note">${escapeHtml(dataset.description)} — ${dataset.sessions} sessions, ${dataset.messages} messages${dataset.probes > 0 ? `, ${dataset.probes} probes` : ''}.</p>
<div class="charts">${charts.join('\n')}</div>
<h3>All numbers for ${escapeHtml(dataset.name)}</h3>
<div class="table-wrap"><table>${header}${rows.join('')}</table></div>${errors}`;
}

function lossSentence(loss: CairnLoss): string {
  const count = loss.metric.unit === 'count';
  const direction = loss.metric.better === 'higher' ? (count ? 'more' : 'a higher') : count ? 'fewer' : 'a lower';
  const caveats = [
    loss.baselineOverBudgetViews > 0 ? `was over budget in ${loss.baselineOverBudgetViews} of its ${loss.baselineViews} views` : '',
    loss.baselineToolPairViolations > 0 ? `sent a broken tool pair in ${loss.baselineToolPairViolations} of its ${loss.baselineViews} views` : '',
  ].filter((caveat) => caveat !== '');
  const context = caveats.length > 0 ? ` — though ${escapeHtml(loss.strategy)} ${caveats.join(' and ')}` : '';
  const baseline = loss.metric.unit === 'share' ? formatMetric(loss.metric, loss.baselineValue) : formatMetricWithUnit(loss.metric, loss.baselineValue);
  const cairn = loss.metric.unit === 'share' ? formatMetric(loss.metric, loss.cairnValue) : formatMetricWithUnit(loss.metric, loss.cairnValue);
  return `<li class="loss">On <b>${escapeHtml(loss.dataset)}</b> at a ${formatBudget(loss.budget)} budget, <b>${escapeHtml(loss.strategy)}</b> has ${direction} ${escapeHtml(loss.metric.label.toLowerCase())} than cairn: ${baseline} against ${cairn}${context}.</li>`;
}

/**
 * What this run does not score, said in the losses section: pages and the Background_Context block
 * (issue 14) are measured by `page-recall.ts` and `background-bench.ts` (packages/bench/README.md,
 * pages section), not by these metrics.
 */
const PAGES_NOTE =
  '<p class="note">Not scored here: pages (issue 14). The Background_Context block (<code>pages.consolidation.background</code>, on by default: placeholder runs fold into one block naming their pages by id) is on in this run (cairn\'s defaults). Its gain (reachable evidence recall on LoCoMo) and its costs — a freeing turn that bills the new block\'s page list where a placeholder would be, an ingest that freezes the consolidated pages the block names, and a view that spends what the plan left unused — are measured by <code>page-recall.ts</code> and <code>background-bench.ts</code> (packages/bench/README.md, pages section).</p>';

function lossesSection(result: BenchmarkResult): string {
  return `${lossesSectionBody(result)}${PAGES_NOTE}`;
}

function lossesSectionBody(result: BenchmarkResult): string {
  const heading = '<h2 id="losses">Where cairn loses</h2>';
  if (!result.strategies.some((strategy) => strategy.name === CAIRN)) return `${heading}<p>The cairn strategy was not part of this run.</p>`;
  const losses = findCairnLosses(result);
  if (losses.length === 0) return `${heading}<p class="better">No baseline beats cairn on any compared metric, data set or budget in this run.</p>`;
  // Grouped by metric, so the same trade-off (e.g. latency) reads as one block.
  const byMetric = [...losses].sort((a, b) => METRIC_DEFINITIONS.indexOf(a.metric) - METRIC_DEFINITIONS.indexOf(b.metric));
  const fair = byMetric.filter((loss) => loss.baselineOverBudgetViews === 0 && loss.baselineToolPairViolations === 0);
  const unfair = byMetric.filter((loss) => !fair.includes(loss));
  const intro = `<p>A <em>loss</em> is a compared metric, data set and budget where a baseline does better than cairn by more than a tie margin (half a percentage point for shares, 0.5 ms for p50 and 1 ms for p95 latency; any difference for counts). Token reduction is informational and never compared: a smaller view is not better in itself. ${losses.length} losses in all:</p>
<ul><li><b>${fair.length}</b> against a baseline that stayed within budget and kept every tool call paired — real trade-offs;</li><li><b>${unfair.length}</b> against a baseline that broke the budget or sent broken tool pairs in that cell (such a view would be rejected or truncated by a provider, so these are not fair wins).</li></ul>`;
  const tally = (list: readonly CairnLoss[]): string =>
    METRIC_DEFINITIONS.map((metric) => [metric, list.filter((loss) => loss.metric === metric).length] as const)
      .filter(([, n]) => n > 0)
      .map(([metric, n]) => `${escapeHtml(metric.label)} ${n}`)
      .join(' · ');
  const fairList = fair.length > 0 ? `<h3>Against baselines that kept to the rules (${fair.length})</h3><p class="note">By metric: ${tally(fair)}.</p><ul>${fair.map(lossSentence).join('\n')}</ul>` : '<p class="better">No baseline that kept to the budget and tool pairs beats cairn anywhere.</p>';
  const unfairList =
    unfair.length > 0
      ? `<details${fair.length === 0 ? ' open' : ''}><summary>Against baselines that broke the budget or tool pairs (${unfair.length})</summary><ul>${unfair.map(lossSentence).join('\n')}</ul></details>`
      : '';
  return `${heading}${intro}${fairList}${unfairList}`;
}

function formatDate(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/**
 * Renders a benchmark result as one self-contained HTML page: an "at a glance" summary (what ran,
 * what a budget means, how tokens are counted, how many losses), each metric's meaning, unit and
 * better direction, a bar chart per metric and data set (inline SVG with axes, units and a legend
 * that picks cairn out; no script, no external resource, so it opens offline), the numbers in
 * tables, and a plain-language "where cairn loses" section that separates fair losses from wins by
 * baselines that broke the budget or tool pairs.
 *
 * @param result - A benchmark result.
 * @param options - Title, command line and date to show.
 * @returns The HTML document.
 *
 * @example
 * ```ts
 * await writeFile('cairn-report.html', renderHtmlReport(result));
 * ```
 */
export function renderHtmlReport(result: BenchmarkResult, { title = 'cairn benchmark', command, generatedAt = new Date() }: HtmlReportOptions = {}): string {
  let next = 0;
  const colors = result.strategies.map((strategy) => (strategy.name === CAIRN ? CAIRN_COLOR : PALETTE[next++ % PALETTE.length]!));
  const strategyList = result.strategies
    .map((strategy, index) => `<li>${swatch(strategy.name, colors[index]!)}<b>${escapeHtml(strategy.name)}</b>${strategy.name === CAIRN ? ' (the engine under test)' : ''}: ${escapeHtml(strategy.description)}</li>`)
    .join('');
  const metricRows = METRIC_DEFINITIONS.map(
    (metric) => `<tr><td><b>${escapeHtml(metric.label)}</b></td><td>${escapeHtml(metric.explanation)}.</td><td>${escapeHtml(metricUnit(metric))}</td><td>${arrow(metric) ? `${arrow(metric)} ` : ''}${escapeHtml(metricDirection(metric))}</td></tr>`,
  ).join('');
  const contents = ['<a href="#glance">at a glance</a>', '<a href="#losses">where cairn loses</a>', '<a href="#metrics">metrics</a>', ...result.datasets.map((dataset) => `<a href="#${escapeHtml(dataset.name)}">${escapeHtml(dataset.name)}</a>`)].join('');
  const sessions = result.datasets.reduce((sum, dataset) => sum + dataset.sessions, 0);
  const hasCairn = result.strategies.some((strategy) => strategy.name === CAIRN);
  const losses = hasCairn ? findCairnLosses(result) : [];
  const fairLosses = losses.filter((loss) => loss.baselineOverBudgetViews === 0 && loss.baselineToolPairViolations === 0).length;
  const datasetList = result.datasets.map((dataset) => `<b>${escapeHtml(dataset.name)}</b> (${dataset.sessions} sessions, ${dataset.messages} messages${dataset.probes > 0 ? `, ${dataset.probes} probes` : ''})`).join(', ');
  const lossLine = hasCairn
    ? `<li><a href="#losses">Where cairn loses</a>: ${losses.length === 0 ? 'nowhere — no baseline beats cairn on a compared metric.' : `${losses.length} metric × data set × budget cells where a baseline does better; <b>${fairLosses}</b> of them against a baseline that kept to the budget and tool pairs.`}</li>`
    : '<li>The cairn strategy was not part of this run.</li>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><h1>${escapeHtml(title)}</h1>
<p class="meta">Generated ${escapeHtml(formatDate(generatedAt))} · run took ${(result.durationMs / 1000).toFixed(1)} s${command ? ` · command: <code>${escapeHtml(command)}</code>` : ''}</p>
<nav>${contents}</nav>
<section class="glance" id="glance"><h2 style="margin-top:.3em;border:0">At a glance</h2><ul>
<li>${result.strategies.length} strategies × ${result.datasets.length} data ${result.datasets.length === 1 ? 'set' : 'sets'} (${sessions} sessions) × ${result.budgets.length} ${result.budgets.length === 1 ? 'budget' : 'budgets'} (${result.budgets.map(formatBudget).join(', ')}). Data: ${datasetList}.</li>
<li><b>Budget</b>: a share of each session's <em>whole</em> history in tokens — at 10%, every view of a session may hold at most a tenth of the tokens of that session's complete history${result.minBudgetTokens > 0 ? `, but never less than ${result.minBudgetTokens} tokens` : ''}. The same token limit holds on every turn of that session.</li>
<li><b>Token counter</b>: every strategy's views are measured with the same counter, <code>${escapeHtml(result.tokenizer)}</code> (BPE), so "over budget" means the same thing for all of them.</li>
<li><b>Reading the charts</b>: ${swatch(CAIRN, CAIRN_COLOR)}<b>cairn</b> is the dark green, outlined bar; baselines are in muted colours. Each chart says whether higher or lower is better; hover a bar for its exact value. <b>full</b> sends the whole history: it is the ceiling for recall, not a contender, and breaks the budget.</li>
${lossLine}
</ul></section>
${lossesSection(result)}
<h2 id="metrics">Strategies and metrics</h2>
<h3>Strategies</h3><ul>${strategyList}</ul>
<h3>Metrics</h3>
<div class="table-wrap"><table class="metrics"><tr><th>metric</th><th class="text">what it measures</th><th class="text">unit</th><th class="text">better</th></tr>${metricRows}</table></div>
<p class="note">Agent runs are replayed turn by turn (a view before each assistant message, query: the latest user message; at most about 60 sampled turns per session, always including the turns right before repeated failed calls). Probes get a view for their question. Everything but the timings (latency, throughput) is deterministic.</p>
${result.datasets.map((dataset) => datasetSection(result, dataset.name, colors)).join('\n')}
</body></html>
`;
}
