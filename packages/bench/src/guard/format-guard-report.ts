import { formatGuardTable } from './format-guard-table.js';
import type { GuardReport } from './run-guard-report.js';

const share = (part: number, whole: number): string => (whole === 0 ? '—' : `${((100 * part) / whole).toFixed(1)}%`);

/**
 * The guard report as Markdown: the guard table (see `formatGuardTable`), then dead-end exposure
 * per data set and strategy (views before a repeat of a failed call that show the failure).
 *
 * @param report - What `runGuardReport` measured.
 * @returns Markdown text.
 */
export function formatGuardReport(report: GuardReport): string {
  const lines = [
    '## The guard: repeats of failed calls, flagged before they run',
    '',
    formatGuardTable(report.guard),
    '',
    'Exact repeat: the same call (name and canonical arguments) as one that failed before, failing again. Into an unchanged state: no successful call that may change the environment (anything but searching, finding, listing, viewing, scrolling) between the failure and the repeat. Near repeat: the same call up to whitespace, quoting and trailing commas. False flags: flagged calls that then succeeded or repeated no failed call, as a share of all such calls.',
    '',
    `## Dead-end exposure at ${Math.round(report.budgetShare * 1000) / 10}% of each session's history`,
    '',
    '| set | strategy | repeats checked | failure visible | failed views |',
    '|---|---|---|---|---|',
  ];
  for (const { dataset, rows } of report.exposure) {
    for (const row of rows) lines.push(`| ${dataset} | ${row.label} | ${row.checks} | ${share(row.visible, row.checks)} (${row.visible}) | ${row.failedViews} |`);
  }
  return lines.join('\n');
}
