import type { EngineState } from './engine-state.js';
import { countMessageTokens } from '../log/index.js';
import { renderingCounter } from './run-tokens.js';
import type { ViewMessage } from '../log/index.js';

/** The brief's share of a budget, with its floor and ceiling in tokens. */
const BRIEF_SHARE = 0.1;
const BRIEF_MIN_TOKENS = 24;
const BRIEF_MAX_TOKENS = 1200;
/** What a small budget still gives the brief (a lesson or two), at most a quarter of the budget. */
const BRIEF_FLOOR_TOKENS = 96;
const BRIEF_FLOOR_SHARE = 0.25;

/** The last brief each engine counted: its text and tokens (the brief changes only when a lesson does). */
const lastBriefCount = new WeakMap<EngineState, { id: string; text: string; counter: unknown; tokens: number }>();

/**
 * The most tokens the brief of a view of `budget` tokens may take: a tenth of the budget, but room
 * for a lesson or two in a small one, at most 1,200. @internal
 */
export function briefAllowance(budget: number): number {
  const floor = Math.min(BRIEF_FLOOR_TOKENS, Math.floor(budget * BRIEF_FLOOR_SHARE));
  return Math.min(BRIEF_MAX_TOKENS, Math.max(floor, Math.floor(budget * BRIEF_SHARE)));
}

/** Renders the turn's brief as one synthetic user message, counted exactly. @internal */
export function renderBrief(state: EngineState, budget: number): { message: ViewMessage; tokens: number } | undefined {
  if (!state.brief) return undefined;
  // A tiny budget gets no brief rather than no view.
  const maxTokens = briefAllowance(budget);
  if (maxTokens < BRIEF_MIN_TOKENS) return undefined;
  const brief = state.brief({ maxTokens });
  if (!brief || brief.text.length === 0) return undefined;
  const message: ViewMessage = { id: brief.id ?? 'cairn:dead-ends', role: 'user', content: brief.text, sourceIds: [...brief.sourceIds], fidelity: 'full', synthetic: true };
  const counter = state.options.tokenCounter;
  const last = lastBriefCount.get(state);
  if (last && last.id === message.id && last.text === brief.text && last.counter === counter) return { message, tokens: last.tokens };
  // Counted by its words (the same count): a brief changes by a line or two between questions.
  const tokens = countMessageTokens(message, renderingCounter(counter));
  lastBriefCount.set(state, { id: message.id, text: brief.text, counter, tokens });
  return { message, tokens };
}

