import type { LabellerComparison } from './compare-labellers.js';
import type { FourthLabellerReport } from './fourth-labeller-report.js';

const percent = (value: number): string => (Number.isNaN(value) ? '   n/a' : `${(value * 100).toFixed(1).padStart(5)}%`);

function formatAgreement(title: string, comparison: LabellerComparison): string {
  const lines = [
    title,
    `  units ${comparison.items}: both loop ${comparison.bothTrue}, third only ${comparison.firstOnly}, fourth only ${comparison.secondOnly}, neither ${comparison.bothFalse}; agreement ${percent(comparison.observedAgreement).trim()}, chance ${percent(comparison.expectedAgreement).trim()}, Cohen's kappa ${Number.isNaN(comparison.kappa) ? 'n/a' : comparison.kappa.toFixed(3)}`,
  ];
  for (const disagreement of comparison.disagreements) lines.push(`  disagree: ${disagreement.id} (third ${disagreement.first ? 'loop' : 'no loop'}, fourth ${disagreement.second ? 'loop' : 'no loop'})`);
  return lines.join('\n');
}

/**
 * The fourth labeller's report as text: agreement with the third on the overlap (kappa and the
 * disagreements), then one row per labeller, subset and detector with precision, recall and the
 * ids the non-naive detectors got wrong. Precision reads `n/a` where the detector fired on
 * nothing, recall `n/a` where there was no loop.
 *
 * @param report - From `reportFourthLabeller`.
 * @returns Printable lines.
 */
export function formatFourthLabellerReport(report: FourthLabellerReport): string {
  const lines = [
    formatAgreement('Agreement of the third and fourth labellers on the overlap (drawn from the third’s fresh units, labelled blind)', report.agreement),
    formatAgreement('The same, without the units either marked borderline', report.agreementWithoutBorderline),
    'labeller  subset                                          detector    units  loops   TP  FP  FN  precision  recall',
  ];
  for (const row of report.rows) {
    lines.push(`${row.labeller.padEnd(9)} ${row.subset.padEnd(47)} ${row.detector.padEnd(10)} ${String(row.units).padStart(6)} ${String(row.loops).padStart(6)} ${String(row.truePositives).padStart(4)} ${String(row.falsePositives).padStart(3)} ${String(row.falseNegatives).padStart(3)}     ${row.truePositives + row.falsePositives === 0 ? '   n/a' : percent(row.precision)}  ${row.loops === 0 ? '   n/a' : percent(row.recall)}`);
    if (row.detector !== 'naive' && (row.missed.length > 0 || row.falseAlarms.length > 0)) lines.push(`          missed: ${row.missed.join(', ') || '-'}; false alarms: ${row.falseAlarms.join(', ') || '-'}`);
  }
  return lines.join('\n');
}
