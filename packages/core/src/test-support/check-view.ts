/**
 * Test support: the invariants every assembled view must satisfy, checked through the public
 * API only (what a caller can observe), plus an `assemble` wrapper that checks a
 * `BUDGET_EXCEEDED` error is deserved.
 */
import { expect } from 'vitest';
import type { ContextEngine } from '../engine/index.js';
import type { ContextEngineOptions } from '../options/index.js';
import type { AssembleOptions, AssembleResult } from '../render/index.js';
import { CairnError } from '../log/index.js';
import { findViewViolations } from '../render/index.js';
import { NO_RESULT_TEXT } from '../render/index.js';
import { LOOP_NOTICE_HEADER } from '../sovereignty/index.js';
import { restoreContextEngine } from '../engine/index.js';
import { countMessageTokens, MESSAGE_OVERHEAD_TOKENS, type TokenCounter } from '../log/index.js';
import type { CairnMessage } from '../log/index.js';
import { groupUnits, mandatoryUnits, type SessionUnit } from './arbitrary-session.js';

/** What the checks need to know about the engine. */
export interface ViewContext {
  counter: TokenCounter;
  budget: number;
  hotUnits?: number;
  onBudgetExceeded?: 'throw' | 'compress-mandatory';
  /** Ids pinned with `engine.pin`. */
  pinnedIds?: ReadonlySet<string>;
}

/** A result as plain JSON (lazy metadata getters read), for deep comparisons. */
export function plain(result: AssembleResult): unknown {
  return JSON.parse(JSON.stringify(result));
}

/** The fields of a stored message a full-fidelity rendering must keep verbatim. */
export function verbatimFields(message: Partial<CairnMessage>): Record<string, unknown> {
  const { id, role, content, name, toolCalls, toolCallId, isError, timestamp, metadata } = message;
  return JSON.parse(JSON.stringify({ id, role, content, name, toolCalls, toolCallId, isError, timestamp, metadata }));
}

/** Tokens of a unit at full fidelity, with a synthetic result per unanswered call. */
export function unitFullTokens(unit: SessionUnit, byId: ReadonlyMap<string, CairnMessage>, counter: TokenCounter): number {
  let tokens = 0;
  for (const id of unit.messageIds) tokens += countMessageTokens(byId.get(id)!, counter);
  for (const call of unit.openCalls) tokens += countMessageTokens({ id: 'x', role: 'tool', name: call.name, content: NO_RESULT_TEXT }, counter);
  return tokens;
}

/**
 * A generous upper bound of one placeholder message (a single unit's or a merged run's): the
 * longest template is under 330 characters plus two ids and three tool names.
 */
export function placeholderUpperBound(messages: readonly CairnMessage[], counter: TokenCounter): number {
  let longestId = 0;
  for (const message of messages) longestId = Math.max(longestId, message.id.length);
  const chars = 330 + 2 * longestId + 3 * 32;
  // A char counter is exact on a string of that length; for BPE, one token per ASCII character bounds it.
  const tokens = counter.id.startsWith('chars/') ? counter.count('x'.repeat(chars)) : chars;
  return MESSAGE_OVERHEAD_TOKENS + tokens;
}

/**
 * The cost of the cheapest view we can prove exists: the system prompt, pinned messages and the
 * latest user turn at full fidelity and every gap between them as one placeholder message (at
 * its upper bound). The hot set is not part of it: the budget fallback squeezes and then hides
 * the hot set (the newest tool output too) before a view is refused, whatever `onBudgetExceeded` says.
 */
export function provableViewBound(engine: ContextEngine, context: ViewContext): { mandatoryTokens: number; bound: number } {
  const messages = engine.getMessages();
  const byId = new Map(messages.map((message) => [message.id, message]));
  const units = groupUnits(messages, context.pinnedIds);
  let latestUser = -1;
  units.forEach((unit, index) => {
    if (unit.kind === 'user') latestUser = index;
  });
  const mandatory = new Set([...mandatoryUnits(units, context.hotUnits ?? 2)].filter((index) => units[index]!.kind === 'system' || units[index]!.pinned || index === latestUser));
  let mandatoryTokens = 0;
  let gaps = 0;
  units.forEach((unit, index) => {
    if (mandatory.has(index)) mandatoryTokens += unitFullTokens(unit, byId, context.counter);
    else if (index === 0 || mandatory.has(index - 1)) gaps++;
  });
  return { mandatoryTokens, bound: mandatoryTokens + gaps * placeholderUpperBound(messages, context.counter) };
}

/** Ids of the synthetic briefs a view may end with (outside the history's order and coverage checks). */
const BRIEF_IDS = new Set(['cairn:dead-ends', 'cairn:reasoning-trace', 'cairn:page-index', 'cairn:loop']);

/** Checks every invariant of one assembled view against the engine's log. */
export function checkView(engine: ContextEngine, result: AssembleResult, context: ViewContext): void {
  const { metadata } = result;
  // A brief (dead ends, reasoning trace, page index, loop notice), when there is one, is the last
  // message or (`prefix.brief: 'sticky'`) where the previous view showed it: synthetic, never
  // before a tool result, and outside the history's order and coverage checks.
  const briefAt = result.messages.findIndex((message) => BRIEF_IDS.has(message.id) && message.synthetic === true);
  const brief = briefAt >= 0 ? result.messages[briefAt] : undefined;
  if (brief) expect(result.messages[briefAt + 1]?.role).not.toBe('tool');
  if (brief) {
    expect(brief.synthetic).toBe(true);
    // While a loop is detected the loop notice opens the brief and the dead-end brief follows it
    // in the same message (`turnBrief`), under the dead-end brief's id.
    const content = String(brief.content);
    const own = content.startsWith(`${LOOP_NOTICE_HEADER} `) && brief.id !== 'cairn:loop' ? content.slice(content.indexOf('\n\n') + 2) : content;
    expect(own.startsWith(`[${brief.id}]`)).toBe(true);
  }
  // A sticky brief shown as before may be followed (later in the view) by the messages naming its
  // changes since (`prefix.briefChanges`: one, or under 'chained' `<id>:changes`,
  // `<id>:changes:2`, … in that order): synthetic, never before a tool result.
  const changesIds = brief ? result.messages.filter((message) => message.id.startsWith(`${brief.id}:changes`)).map((message) => message.id) : [];
  const changesAt = changesIds.map((id) => result.messages.findIndex((message) => message.id === id));
  expect(changesIds).toEqual(changesIds.map((_, index) => (index === 0 ? `${brief!.id}:changes` : `${brief!.id}:changes:${index + 1}`)));
  for (const at of changesAt) {
    expect(at).toBeGreaterThan(briefAt);
    expect(result.messages[at]!.synthetic).toBe(true);
    expect(result.messages[at + 1]?.role).not.toBe('tool');
  }
  const messages = brief ? result.messages.filter((_, index) => index !== briefAt && !changesAt.includes(index)) : result.messages;
  expect(messages.some((message) => message.id === 'cairn:dead-ends')).toBe(false);
  const { counter, budget } = context;
  const log = engine.getMessages();
  const byId = new Map(log.map((message) => [message.id, message]));
  const units = groupUnits(log, context.pinnedIds);

  // Budget: never exceeded, and the reported tokens are the exact sum over the view.
  let sum = 0;
  for (const message of result.messages) sum += countMessageTokens(message, counter);
  expect(metadata.tokens).toBe(sum);
  expect(metadata.tokens).toBeLessThanOrEqual(budget);
  expect(metadata.budget).toBe(budget);
  expect(typeof metadata.regraded).toBe('boolean');

  // Structure: no orphan result, no unanswered call, no two placeholders in a row (INV-04).
  expect(findViewViolations(result.messages)).toEqual([]);

  // Chronology: units in log order; inside a unit, messages in arrival order.
  const unitOf = new Map<string, number>();
  units.forEach((unit, index) => {
    for (const id of unit.messageIds) unitOf.set(id, index);
  });
  const position = new Map(log.map((message, index) => [message.id, index]));
  let lastUnit = -1;
  let lastPosition = -1;
  for (const message of messages) {
    expect(message.sourceIds.length).toBeGreaterThan(0);
    // A Background_Context block (issue 14's dual-decay overflow) stands for the folded runs (a later
    // block for the units an earlier one does not) and sits where the first of them was: it is in
    // order by its first folded message (its sources in log order).
    if (message.id === 'cairn:background' || message.id.startsWith('cairn:background:')) {
      const folded = message.sourceIds.map((id) => unitOf.get(id)!);
      expect(folded, 'the block names its folded messages in unit order').toEqual([...folded].sort((a, b) => a - b));
    }
    const first = message.sourceIds[0]!;
    expect(unitOf.has(first), `source ${first} of ${message.id} is in the log`).toBe(true);
    const unit = unitOf.get(first)!;
    // A synthetic answer to an unanswered call names its unit's lead; it comes after the unit's results.
    const at = message.synthetic && message.role === 'tool' ? Math.max(position.get(first)!, lastPosition) : position.get(first)!;
    expect(unit, `message ${message.id} goes before the unit of the previous message`).toBeGreaterThanOrEqual(lastUnit);
    if (unit === lastUnit) expect(at).toBeGreaterThanOrEqual(lastPosition);
    lastUnit = unit;
    lastPosition = at;
  }

  // Coverage: every log message is represented, nothing else is.
  const covered = new Set<string>();
  for (const message of messages) for (const id of message.sourceIds) covered.add(id);
  expect([...covered].sort()).toEqual(log.map((message) => message.id).sort());

  // Verbatim: a full, non-synthetic message is the stored original.
  for (const message of messages) {
    if (message.fidelity !== 'full' || message.synthetic) continue;
    expect(message.sourceIds).toEqual([message.id]);
    expect(verbatimFields(message)).toEqual(verbatimFields(byId.get(message.id)!));
  }
  // Synthetic answers to unanswered calls say so.
  for (const message of messages) {
    if (message.synthetic && message.role === 'tool') {
      expect(message.content).toBe(NO_RESULT_TEXT);
      expect(message.isError).toBe(true);
    }
  }

  const fidelityOf = new Map<string, string>();
  for (const message of messages) for (const id of message.sourceIds) if (!fidelityOf.has(id)) fidelityOf.set(id, message.fidelity);
  const decisions = metadata.decisions;
  expect(decisions.length).toBe(units.length);
  expect(decisions.map((decision) => decision.unitId)).toEqual(units.map((unit) => unit.id));
  const reasonOf = new Map(decisions.map((decision) => [decision.unitId, decision.reason]));

  // The latest user message is full, unless compress-mandatory had to compress it.
  const latestUser = [...log].reverse().find((message) => message.role === 'user');
  if (latestUser) {
    const fidelity = fidelityOf.get(latestUser.id);
    if (fidelity !== 'full') {
      expect(context.onBudgetExceeded).toBe('compress-mandatory');
      expect(reasonOf.get(latestUser.id)).toBe('budget-fallback');
      expect(fidelity).toBe('compressed');
    }
  }
  // Pinned messages are always full; system messages full unless compress-mandatory compressed them.
  for (const unit of units) {
    if (!unit.pinned) continue;
    const fidelity = fidelityOf.get(unit.id);
    if (unit.kind === 'system' && fidelity !== 'full') {
      expect(context.onBudgetExceeded).toBe('compress-mandatory');
      expect(reasonOf.get(unit.id)).toBe('budget-fallback');
    } else {
      expect(fidelity, `pinned ${unit.id}`).toBe('full');
    }
  }

  // Passthrough shows the log unchanged.
  if (metadata.mode === 'passthrough') {
    expect(decisions.every((decision) => decision.fidelity === 'full' && decision.reason === 'passthrough')).toBe(true);
    expect(messages.every((message) => message.fidelity === 'full')).toBe(true);
  }
  expect(metadata.counts.full + metadata.counts.compressed + metadata.counts.placeholder).toBe(units.length);
}

/**
 * Per unit rendered compressed in a view: its compressed tokens and its full tokens (from
 * `metadata.decisions`). Compression that costs more than the original defeats its purpose.
 */
export function compressedCosts(engine: ContextEngine, result: AssembleResult, counter: TokenCounter): { unitId: string; compressed: number; full: number }[] {
  const units = groupUnits(engine.getMessages());
  const unitOf = new Map<string, string>();
  for (const unit of units) for (const id of unit.messageIds) unitOf.set(id, unit.id);
  const tokens = new Map<string, number>();
  for (const message of result.messages) {
    if (message.fidelity !== 'compressed') continue;
    const unit = unitOf.get(message.sourceIds[0]!)!;
    tokens.set(unit, (tokens.get(unit) ?? 0) + countMessageTokens(message, counter));
  }
  const full = new Map(result.metadata.decisions.map((decision) => [decision.unitId, decision.fullTokens]));
  return [...tokens].map(([unitId, compressed]) => ({ unitId, compressed, full: full.get(unitId)! }));
}

/** The outcome of {@link assembleChecked}. */
export type Checked = { ok: true; result: AssembleResult } | { ok: false; error: CairnError };

/**
 * Assembles and checks the view; a `BUDGET_EXCEEDED` error is accepted only when we cannot
 * prove a view fits (system prompt, pinned messages and latest user turn at full plus one
 * placeholder per gap: never for the hot set alone), and then a copy of
 * the engine restored from before the call must succeed at that provable budget.
 */
export function assembleChecked(
  engine: ContextEngine,
  request: AssembleOptions,
  context: ViewContext,
  options: ContextEngineOptions,
): Checked {
  const before = JSON.stringify(engine.snapshot());
  try {
    const result = engine.assemble(request);
    checkView(engine, result, context);
    return { ok: true, result };
  } catch (error) {
    if (!CairnError.isInstance(error) || error.code !== 'BUDGET_EXCEEDED') throw error;
    const { mandatoryTokens, bound } = provableViewBound(engine, context);
    expect(
      context.budget,
      `BUDGET_EXCEEDED at budget ${context.budget} although a view of at most ${bound} tokens exists (mandatory ${mandatoryTokens})`,
    ).toBeLessThan(bound);
    const copy = restoreContextEngine(JSON.parse(before), options);
    const larger = copy.assemble({ ...request, budget: bound });
    checkView(copy, larger, { ...context, budget: bound });
    return { ok: false, error };
  }
}
