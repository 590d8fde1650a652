import type { PageBook } from './page-book.js';

/** Turns a trace step stays on show after it happened. */
const TRACE_TURNS = 3;
/** Pages in Detail listed by id. */
const MAX_LISTED = 32;

/**
 * The reasoning trace a view shows after the history: the latest consult / shelve steps (at
 * most `maxSteps`, from the last few turns) with their escaped reasons, and which pages are in
 * Detail now (`maxSteps` 0: only those). `undefined` when there is nothing to show. @internal
 */
export function renderTrace(book: PageBook, turn: number, maxSteps: number): string | undefined {
  const steps = maxSteps > 0 ? book.trace.filter((step) => step.turn >= turn - TRACE_TURNS).slice(-maxSteps) : [];
  if (steps.length === 0 && book.zoom.size === 0) return undefined;
  const lines = steps.map((step) => {
    const who = step.auto ? ' (by cairn)' : '';
    const reason = step.reason.length > 0 ? ` because "${step.reason}"` : '';
    const targets = step.targets.length > MAX_LISTED ? `${step.targets.slice(0, MAX_LISTED).join(' ')} … ${step.targets.length - MAX_LISTED} more` : step.targets.join(' ');
    return `- turn ${step.turn}: ${step.action}${who} ${targets}${reason}`;
  });
  const detail = [...book.zoom.keys()];
  if (detail.length > MAX_LISTED) detail.splice(MAX_LISTED, detail.length - MAX_LISTED, `… ${book.zoom.size - MAX_LISTED} more`);
  const header = '[cairn:reasoning-trace] Your page zooming (consult shows a page in full, shelve folds it back):';
  const inDetail = detail.length > 0 ? `\nIn Detail now: ${detail.join(' ')}` : '';
  return `${header}${lines.length > 0 ? `\n${lines.join('\n')}` : ''}${inDetail}`;
}
