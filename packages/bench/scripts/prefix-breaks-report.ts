// Where cairn's view stops being a stable prefix, turn after turn, on the recorded agent runs.
// Replays each agent run the way `cairn billing` does (every turn, no query, fixed token budgets,
// runs at least MIN_RATIO budgets long, onBudgetExceeded 'compress-mandatory') and, for each pair of
// consecutive turn views, finds the first message of the earlier view that the later one does not
// repeat (compared by id, role, content and tool calls, as the billing metric compares them) and
// says what kind of message it was and why it changed:
//   append-only            the whole earlier view is the later one's prefix
//   run-grew               a placeholder run starting at the same unit now spans more units
//   run-shrank             ... fewer units (one of them shown again)
//   run-text               a placeholder run with the same span whose text changed (counters, page ids)
//   run-start-moved        a placeholder run whose first unit changed
//   full→placeholder       a shown message folded into a placeholder (a new run there)
//   full→compressed        a full message shown compressed
//   compressed→placeholder a compressed message folded into a placeholder
//   upgraded               a placeholder / compressed message shown at a higher fidelity
//   same-id-new-text       same message id and fidelity, different text
//   brief                  the last message, the brief after the history, moved: history appended only
//   brief-in-place         the brief kept where an earlier view showed it (prefix.brief 'sticky') changed or moved
//   brief-changes          the message naming a sticky brief's changes since (prefix.briefChanges 'appended'), last, changed
//   brief-changes-in-place ... kept where an earlier view showed it, changed or moved
//   open-call-answered     the last message, a stand-in result for a call not yet answered, was replaced
//   other                  anything else
// It also prints, per class, the share of turn pairs, the tokens of the earlier view after the
// break (what the provider bills again at full price), and the engine's decision reason for the
// unit at the break (compacted, regraded, selected, ...), and how many turns compacted at all.
// Run:
//   npx tsx --conditions=@cairn/source packages/bench/scripts/prefix-breaks-report.ts [DATA_DIR] [BUDGETS] [DATASET_SUBSTRINGS] [ENGINE_OPTIONS_JSON] [MIN_RATIO]
// (MIN_RATIO: runs at least that many budgets long take part, default 3 as in `cairn billing`; the
// tau-bench runs are 3–12k tokens, so they take part only with a lower ratio or budget.)
// e.g. ... prefix-breaks-report.ts ../shared/data 8000,16000,32000 coder,tau '{"prefix":{"stable":false}}'
import { argumentsText, type CairnMessage, contentText, countMessageTokens, createBpeTokenCounter, createContextEngine, type ContextEngineOptions, type ViewMessage } from '@cairn/core';
import { loadDatasets } from '../src/runner/load-datasets.js';
import { createSyntheticDataset } from '../src/runner/synthetic-dataset.js';
import { createCachingTokenCounter } from '../src/runner/caching-token-counter.js';
import { prepareSession } from '../src/runner/prepare-session.js';

const dataDir = process.argv[2] ?? '../shared/data';
const budgets = (process.argv[3] ?? '8000,16000,32000').split(',').map(Number);
const only = (process.argv[4] ?? 'coder,tau').split(',');
const extra = JSON.parse(process.argv[5] ?? '{}') as Partial<ContextEngineOptions>;
const MIN_LENGTH_RATIO = Number(process.argv[6] ?? '3');

function same(left: ViewMessage, right: ViewMessage): boolean {
  if (left.id !== right.id || left.role !== right.role || left.toolCallId !== right.toolCallId) return false;
  if (contentText(left.content) !== contentText(right.content)) return false;
  const a = left.toolCalls ?? [];
  const b = right.toolCalls ?? [];
  return a.length === b.length && a.every((call, index) => call.id === b[index]!.id && call.name === b[index]!.name && argumentsText(call.arguments) === argumentsText(b[index]!.arguments));
}

const BRIEF_IDS = new Set(['cairn:dead-ends', 'cairn:reasoning-trace', 'cairn:page-index', 'cairn:loop']);

const runStart = (message: ViewMessage): string | undefined => (message.fidelity === 'placeholder' ? message.sourceIds[0] : undefined);

function classify(before: readonly ViewMessage[], after: readonly ViewMessage[], at: number): string {
  const was = before[at]!;
  const now = after[at];
  const changesOf = /^(.*):changes(?::\d+)?$/.exec(was.id)?.[1];
  if (was.synthetic && changesOf !== undefined && BRIEF_IDS.has(changesOf)) return at === before.length - 1 ? 'brief-changes' : 'brief-changes-in-place';
  if (at === before.length - 1 && was.synthetic && was.fidelity === 'full' && !was.id.startsWith('cairn:placeholder')) return was.id.startsWith('cairn:no-result') ? 'open-call-answered' : 'brief';
  // A brief kept in place (prefix.brief 'sticky') whose text changed, or that moved to the end.
  if (was.synthetic && BRIEF_IDS.has(was.id)) return 'brief-in-place';
  if (!now) return 'other';
  if (was.fidelity === 'placeholder' && now.fidelity === 'placeholder') {
    if (runStart(was) !== runStart(now)) return 'run-start-moved';
    if (was.sourceIds.length < now.sourceIds.length) return 'run-grew';
    if (was.sourceIds.length > now.sourceIds.length) return 'run-shrank';
    return 'run-text';
  }
  const sharesSource = was.sourceIds.some((id) => now.sourceIds.includes(id));
  if (was.fidelity === 'full' && now.fidelity === 'placeholder' && sharesSource) return 'full→placeholder';
  if (was.fidelity === 'full' && now.fidelity === 'compressed' && sharesSource) return 'full→compressed';
  if (was.fidelity === 'compressed' && now.fidelity === 'placeholder' && sharesSource) return 'compressed→placeholder';
  if (was.fidelity !== now.fidelity && sharesSource) return 'upgraded';
  if (was.id === now.id && was.fidelity === now.fidelity) return 'same-id-new-text';
  return 'other';
}

interface Tally {
  pairs: number;
  shareSum: number;
  compactedTurns: number;
  viewTokens: number;
  classes: Map<string, { pairs: number; lostTokens: number; reasons: Map<string, number> }>;
}

const counter = createCachingTokenCounter(createBpeTokenCounter());
const synthetic = createSyntheticDataset([
  { kind: 'coding', messages: 600, seed: 2 },
  { kind: 'support', messages: 600, seed: 7 },
  { kind: 'mixed', messages: 900, seed: 3 },
]);
const datasets = [synthetic, ...(await loadDatasets(dataDir))].filter((dataset) => only.some((part) => dataset.name.includes(part)));
const rows: string[] = [];
for (const dataset of datasets) {
  for (const budget of budgets) {
    const tally: Tally = { pairs: 0, shareSum: 0, compactedTurns: 0, viewTokens: 0, classes: new Map() };
    let sessions = 0;
    for (const session of dataset.sessions) {
      if (session.replay !== 'agent') continue;
      const prepared = prepareSession(session, counter, Number.MAX_SAFE_INTEGER);
      if (prepared.cumulativeTokens.at(-1)! < MIN_LENGTH_RATIO * budget) continue;
      sessions++;
      const engine = createContextEngine({ ...extra, budget, tokenCounter: counter, onBudgetExceeded: 'compress-mandatory' });
      let ingested = 0;
      let previous: { position: number; view: ViewMessage[] } | undefined;
      for (const checkpoint of prepared.checkpoints) {
        if (checkpoint.index > ingested) {
          engine.ingest(session.messages.slice(ingested, checkpoint.index));
          ingested = checkpoint.index;
        }
        if (checkpoint.turnPosition === undefined) continue;
        let view: ViewMessage[] = [];
        let compacted = 0;
        let decisions: ReturnType<typeof engine.assemble>['metadata']['decisions'] = [];
        try {
          const result = engine.assemble({});
          view = result.messages;
          compacted = result.metadata.compacted;
          decisions = result.metadata.decisions;
        } catch {
          view = [];
        }
        for (const message of view) tally.viewTokens += countMessageTokens(message as CairnMessage, counter);
        if (previous && previous.position + 1 === checkpoint.turnPosition && previous.view.length > 0) {
          const before = previous.view;
          let at = 0;
          while (at < before.length && at < view.length && same(before[at]!, view[at]!)) at++;
          tally.pairs++;
          tally.shareSum += at / before.length;
          if (compacted > 0) tally.compactedTurns++;
          const kind = at === before.length ? 'append-only' : classify(before, view, at);
          let entry = tally.classes.get(kind);
          if (!entry) tally.classes.set(kind, (entry = { pairs: 0, lostTokens: 0, reasons: new Map() }));
          entry.pairs++;
          for (let index = at; index < before.length; index++) entry.lostTokens += countMessageTokens(before[index]! as CairnMessage, counter);
          if (at < before.length) {
            // The decision of the first unit the broken message (before or after) stands for whose
            // fidelity changed, as the later view made it.
            const sources = new Set([...before[at]!.sourceIds, ...(view[at]?.sourceIds ?? [])]);
            const changed = decisions.filter((decision) => decision.messageIds.some((id) => sources.has(id)) && decision.fidelity !== decision.previous);
            const reason = changed.length > 0 ? `${changed[0]!.reason}(${changed[0]!.previous}→${changed[0]!.fidelity})` : (decisions.find((decision) => decision.messageIds.some((id) => sources.has(id)))?.reason ?? 'n/a');
            entry.reasons.set(reason, (entry.reasons.get(reason) ?? 0) + 1);
          }
        }
        previous = { position: checkpoint.turnPosition, view };
      }
    }
    if (tally.pairs === 0) continue;
    rows.push(`\n## ${dataset.name} @ ${budget} tokens: ${sessions} runs, ${tally.pairs} turn pairs, prefix stability ${((100 * tally.shareSum) / tally.pairs).toFixed(1)}%, turns that compacted ${tally.compactedTurns}, mean view ${Math.round(tally.viewTokens / Math.max(1, tally.pairs))} tokens`);
    rows.push('| first change | pairs | share | view tokens after the break | top reasons (unit at the break) |');
    rows.push('|---|---|---|---|---|');
    for (const [kind, entry] of [...tally.classes].sort((a, b) => b[1].pairs - a[1].pairs)) {
      const reasons = [...entry.reasons].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([reason, count]) => `${reason} ${count}`).join(', ');
      rows.push(`| ${kind} | ${entry.pairs} | ${((100 * entry.pairs) / tally.pairs).toFixed(1)}% | ${entry.lostTokens} | ${reasons} |`);
    }
  }
}
console.log(`# Prefix breaks of cairn's turn views (data ${dataDir}, budgets ${budgets.join(', ')}, engine options ${JSON.stringify(extra)})`);
console.log(rows.join('\n'));
