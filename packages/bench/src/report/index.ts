export { escapeHtml } from './escape-html.js';
export { billingLosses, renderBillingTable } from './render-billing-table.js';
export { type CairnLoss, findCairnLosses } from './find-cairn-losses.js';
export { formatBudget } from './format-budget.js';
export { formatMetric, formatMetricWithUnit, METRIC_DEFINITIONS, type MetricDefinition, metricDirection, metricUnit } from './metric-definitions.js';
export { type BarChartOptions, type BarGroup, renderBarChart } from './render-bar-chart.js';
export { type HtmlReportOptions, renderHtmlReport } from './render-html-report.js';
export { renderTable, type RenderTableOptions } from './render-table.js';
