import { CairnError, contentText, countMessageTokens, featureText, type CairnMessage, type TokenCounter } from '../log/index.js';
import { compressText, extractAnchors, markerField } from '../text/index.js';
import type { MergeStrategy } from './merge-strategy.js';

/** Most tokens a SUMMARIZE merge adds to the parent (marker included), whatever the entropy budget. */
export const SUMMARY_MAX_TOKENS = 80;
/** Anchors a SQUASH merge lists at most. */
const SQUASH_ANCHORS = 24;

/** What {@link buildMergeMessages} needs. */
export interface BuildMergeInput {
  /** The branch's scope path (root first). */
  path: readonly string[];
  strategy: MergeStrategy;
  /** The branch's own messages (after the fork), in order. */
  messages: readonly CairnMessage[];
  /** Most tokens the merge may add to the parent. */
  entropyTokens: number;
  /** Unique prefix of the ids the merge writes into the parent's log. */
  idPrefix: string;
  tokenCounter: TokenCounter;
}

/** The messages a merge appends to the parent, and their tokens. */
export interface MergeMessages {
  messages: CairnMessage[];
  tokens: number;
}

function overBudget(strategy: string, tokens: number, entropyTokens: number): CairnError {
  return new CairnError({
    code: 'BUDGET_EXCEEDED',
    message: `Merging with ${strategy} would add ${tokens} tokens to the parent, over the branch's entropy budget of ${entropyTokens}. Pick fewer messages, use SUMMARIZE or SQUASH, or give the branch a larger entropyBudget.`,
    details: { tokens, entropyTokens },
  });
}

/** Copies messages under new ids (calls and results renamed together), keeping their order. */
function replay(messages: readonly CairnMessage[], prefix: string): CairnMessage[] {
  return messages.map((message) => {
    const copy: CairnMessage = { ...message, id: `${prefix}${message.id}` };
    if (message.toolCalls) copy.toolCalls = message.toolCalls.map((call) => ({ ...call, id: `${prefix}${call.id}` }));
    if (message.toolCallId !== undefined) copy.toolCallId = `${prefix}${message.toolCallId}`;
    return copy;
  });
}

/** The named messages with their whole tool exchanges (a call with every result, a result with its call), in branch order. */
function withExchanges(messages: readonly CairnMessage[], ids: readonly string[]): CairnMessage[] {
  const byId = new Map(messages.map((message) => [message.id, message]));
  const callOwner = new Map<string, string>();
  for (const message of messages) for (const call of message.toolCalls ?? []) callOwner.set(call.id, message.id);
  const chosen = new Set<string>();
  for (const id of ids) {
    const message = byId.get(id);
    if (!message) throw new CairnError({ code: 'UNKNOWN_MESSAGE', message: `CHERRY_PICK: "${id}" is not one of the branch's own messages.`, details: { id } });
    const lead = message.toolCallId !== undefined ? (callOwner.get(message.toolCallId) ?? id) : id;
    chosen.add(lead);
    const callIds = new Set((byId.get(lead)?.toolCalls ?? []).map((call) => call.id));
    for (const candidate of messages) if (candidate.toolCallId !== undefined && callIds.has(candidate.toolCallId)) chosen.add(candidate.id);
    chosen.add(id);
  }
  return messages.filter((message) => chosen.has(message.id));
}

/**
 * Builds what a merge appends to the parent's log: a marker naming the branch and strategy, and
 * the strategy's payload, never more than the entropy budget (SUMMARIZE: never more than
 * {@link SUMMARY_MAX_TOKENS} either). Nothing is appended for a branch without messages.
 * Deterministic: ids derive from `idPrefix` and the branch's ids.
 *
 * @throws CairnError `BUDGET_EXCEEDED` when CHERRY_PICK or REBASE cannot fit; `UNKNOWN_MESSAGE`
 *   for a CHERRY_PICK id that is not the branch's own.
 * @internal
 */
export function buildMergeMessages(input: BuildMergeInput): MergeMessages {
  const { path, strategy, messages, entropyTokens, idPrefix, tokenCounter } = input;
  if (messages.length === 0) return { messages: [], tokens: 0 };
  const marker = `[cairn:branch path=${markerField(path.join('/'))} strategy=${strategy.kind} messages=${messages.length}]`;
  const count = (message: CairnMessage) => countMessageTokens(message, tokenCounter);
  const total = (list: readonly CairnMessage[]) => list.reduce((sum, message) => sum + count(message), 0);
  const single = (limit: number, body: string): MergeMessages => {
    const shell: CairnMessage = { id: `${idPrefix}${strategy.kind}`, role: 'assistant', content: `${marker}\n` };
    const room = limit - count(shell);
    const fitted = room > 0 ? compressText(body, { maxTokens: room, countTokens: (text) => tokenCounter.count(text) }).text : '';
    const message: CairnMessage = { ...shell, content: `${marker}\n${fitted}` };
    const tokens = count(message);
    if (tokens > limit) throw overBudget(strategy.kind, tokens, limit);
    return { messages: [message], tokens };
  };
  switch (strategy.kind) {
    case 'summarize':
      return single(Math.min(entropyTokens, SUMMARY_MAX_TOKENS), messages.map((message) => `${message.role}: ${featureText(message)}`).join('\n'));
    case 'squash': {
      const last = [...messages].reverse().find((message) => message.role === 'assistant' && contentText(message.content).trim().length > 0);
      const anchors = extractAnchors(messages.map(featureText).join('\n'), { maxAnchors: SQUASH_ANCHORS }).map((anchor) => anchor.text);
      const body = `Conclusion: ${last ? contentText(last.content) : '(no reply)'}\nKey facts: ${[...new Set(anchors)].join(', ')}`;
      return single(entropyTokens, body);
    }
    case 'rebase':
    case 'cherry-pick': {
      const picked = strategy.kind === 'rebase' ? messages : withExchanges(messages, strategy.ids);
      const head: CairnMessage = { id: `${idPrefix}${strategy.kind}`, role: 'assistant', content: marker };
      let replayed = [head, ...replay(picked, `${idPrefix}`)];
      let tokens = total(replayed);
      if (tokens > entropyTokens && strategy.kind === 'rebase') {
        // Replay every message, each text cut by the same share so the whole fits.
        const ratio = Math.max(0, (entropyTokens - count(head)) / Math.max(1, tokens - count(head)));
        replayed = replayed.map((message, index) => {
          const text = contentText(message.content);
          if (index === 0 || text.length === 0) return message;
          const maxTokens = Math.max(1, Math.floor(tokenCounter.count(text) * ratio * 0.9));
          return { ...message, content: compressText(text, { maxTokens, countTokens: (value) => tokenCounter.count(value) }).text };
        });
        tokens = total(replayed);
      }
      if (tokens > entropyTokens) throw overBudget(strategy.kind, tokens, entropyTokens);
      return { messages: replayed, tokens };
    }
  }
}
