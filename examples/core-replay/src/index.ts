/**
 * Replays a long synthetic agent session (bundled, deterministic, no network) through the cairn
 * engine turn by turn, and prints what each view kept, compressed and dropped — then asks the
 * session's late probe questions and shows whether the planted answers are still in view.
 *
 *   npm start                       (from the repository root)
 *   npm start -- --messages 2000 --budget 6000 --seed 3
 */
import { generateSyntheticSession } from '@cairn/bench';
import { contentText, createContextEngine, findViewViolations, type AssembleResult, type CairnMessage } from '@cairn/core';
import { run } from './run.js';

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index >= 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isFinite(value)) throw new Error(`--${name} needs a number, got ${process.argv[index + 1]}`);
  return value;
}

function viewText(result: AssembleResult): string {
  return result.messages
    .map((message) => `${contentText(message.content)} ${JSON.stringify(message.toolCalls ?? '')}`)
    .join('\n');
}

/** Turn boundaries: a new turn starts at each user message and each assistant message. */
function turnEnds(messages: readonly CairnMessage[]): number[] {
  const ends: number[] = [];
  messages.forEach((message, index) => {
    const next = messages[index + 1];
    if (!next || next.role === 'user' || next.role === 'assistant') ends.push(index + 1);
  });
  return ends;
}

run(() => {
  const seed = option('seed', 7);
  const size = option('messages', 1200);
  const budget = option('budget', 8000);
  const session = generateSyntheticSession({ seed, messages: size, kind: 'mixed' });
  const engine = createContextEngine({ sessionId: session.id, budget, onBudgetExceeded: 'compress-mandatory' });
  console.log(`cairn replay — ${session.id}: ${session.messages.length} messages, ${session.probes.length} probes, budget ${budget} tokens\n`);
  console.log('turn  messages  history tok  view tok  usage  full/compressed/placeholder units  stable prefix  regrade  compacted');

  let ingested = 0;
  let turn = 0;
  let last: AssembleResult | undefined;
  let violations = 0;
  let overBudget = 0;
  let prefixShareSum = 0;
  const ends = turnEnds(session.messages);
  const probesAt = new Map<number, typeof session.probes>();
  for (const probe of session.probes) probesAt.set(probe.atMessageIndex, [...(probesAt.get(probe.atMessageIndex) ?? []), probe]);
  const probeResults: string[] = [];

  for (const end of ends) {
    engine.ingest(session.messages.slice(ingested, end));
    ingested = end;
    turn++;
    last = engine.assemble();
    violations += findViewViolations(last.messages).length;
    if (last.metadata.tokens > budget) overBudget++;
    const { metadata } = last;
    prefixShareSum += last.messages.length === 0 ? 1 : metadata.stablePrefix / last.messages.length;
    if (turn % 40 === 0 || end === session.messages.length) {
      const share = last.messages.length === 0 ? 0 : metadata.stablePrefix / last.messages.length;
      console.log(
        `${String(turn).padStart(4)}  ${String(end).padStart(8)}  ${String(metadata.historyTokens).padStart(11)}  ${String(metadata.tokens).padStart(8)}  ${metadata.usage.toFixed(2)}   ${`${metadata.counts.full}/${metadata.counts.compressed}/${metadata.counts.placeholder}`.padEnd(34)} ${(share * 100).toFixed(0).padStart(5)}%        ${metadata.regraded ? 'yes' : 'no '}      ${metadata.compacted}`,
      );
    }
    for (let index = end - (ends[ends.indexOf(end) - 1] ?? 0); index > 0; index--) {
      for (const probe of probesAt.get(end - index + 1) ?? []) {
        const view = engine.assemble({ query: probe.question });
        const found = viewText(view).includes(probe.answer);
        probeResults.push(`${found ? 'in view ' : 'MISSING '} [${probe.kind}] ${probe.question} → ${probe.answer}`);
      }
    }
  }
  if (!last) return;
  const reasons = new Map<string, number>();
  for (const decision of last.metadata.decisions) reasons.set(`${decision.fidelity} (${decision.reason})`, (reasons.get(`${decision.fidelity} (${decision.reason})`) ?? 0) + 1);
  console.log(`\nLast view: ${last.messages.length} messages, ${last.metadata.tokens} of ${budget} tokens, from ${last.metadata.historyTokens} tokens of history (${((1 - last.metadata.tokens / last.metadata.historyTokens) * 100).toFixed(1)}% fewer).`);
  console.log('Units by fidelity and reason:');
  for (const [reason, count] of [...reasons].sort((a, b) => b[1] - a[1])) console.log(`  ${String(count).padStart(5)}  ${reason}`);
  const compressed = last.messages.find((message) => message.fidelity === 'compressed');
  const placeholder = last.messages.find((message) => message.fidelity === 'placeholder');
  if (compressed) console.log(`\nA compressed message:\n  ${contentText(compressed.content).slice(0, 400).replace(/\n/g, '\n  ')}`);
  if (placeholder) console.log(`\nA placeholder:\n  ${contentText(placeholder.content).slice(0, 300)}`);
  console.log(`\nProbes asked late in the session (query-steered views at ${budget} tokens):`);
  for (const line of probeResults) console.log(`  ${line}`);
  console.log(`\n${turn} turns; views over budget: ${overBudget}; tool-pair / placeholder violations: ${violations}; mean share of the previous view kept as an unchanged prefix: ${((prefixShareSum / turn) * 100).toFixed(1)}%.`);
  const state = engine.getDirectionState();
  console.log(`Direction: drift ${state.drift.toFixed(2)} from the global intent (${state.globalIntent.slice(0, 5).join(', ')}); now: ${state.direction.slice(0, 5).join(', ')}.`);
});
