import { CairnError } from '../log/index.js';

/**
 * Dialogue cues in a question's view (`assemble({ query })`): how a conversation's own shape —
 * who tells something of their own, which message answers which — moves units' scores for a
 * question. Agent turns (no query) are unchanged. The cues are read from English text (first-
 * and second-person pronouns, a closing question mark); other text gets none and keeps its score.
 */
export interface DialogueOptions {
  /**
   * Share of its score for a question that a user or assistant message keeps when it is not told
   * in the first person (it has no more "I / my / we / our" than "you / your"): reactions to the
   * other speaker ("You'd be a great counselor!") rather than what a speaker did, likes or is.
   * `1` turns the cue off.
   * @default DEFAULT_DIALOGUE_OPTIONS.selfDisclosureShare
   */
  selfDisclosureShare?: number;
  /**
   * Share of a question-asking message's match (one ending with "?") that the message right after
   * it, its reply, takes when its own match is lower: "How did the kids like the museum?" →
   * "They were stoked for the dinosaur exhibit!". Beside the neighbour sharing every unit gets
   * (half, from one unit away). `0` turns the cue off.
   * @default DEFAULT_DIALOGUE_OPTIONS.replyShare
   */
  replyShare?: number;
  /**
   * Share of its score for a "when…" question (or "how long…", "what year…") that a user or
   * assistant message keeps when it names no time ("yesterday", "last week", a month, a year).
   * `1` turns the cue off.
   * @default DEFAULT_DIALOGUE_OPTIONS.timeShare
   */
  timeShare?: number;
  /**
   * Share of its score for a "who…" or "where…" question (or "what countries / names…") that a
   * user or assistant message keeps when it names no one and nowhere (no capitalised word inside
   * a sentence other than a greeting or an addressed speaker). `1` turns the cue off.
   * @default DEFAULT_DIALOGUE_OPTIONS.nameShare
   */
  nameShare?: number;
  /** Share of the same speaker's previous turn's match that the answer to a follow-up question takes (0: off). */
  followUpShare?: number;
  /** Weight of the question terms' spelling variants added to a question's direction (0: off). */
  variantShare?: number;
  /** Spelling variants count in keyword overlap too. */
  variantKeyword?: boolean;
  variantAffix?: number;
  expansionMode?: 'probability' | 'pmi';
  /** Weight of the conversation's co-occurring terms added to a question's direction (0: off). */
  expansionShare?: number;
  /** How many co-occurring terms are added. */
  expansionTerms?: number;
}

/** Defaults of {@link DialogueOptions}. */
export const DEFAULT_DIALOGUE_OPTIONS: Readonly<Required<DialogueOptions>> = Object.freeze({ selfDisclosureShare: 0.7, replyShare: 0.8, timeShare: 1, nameShare: 1, expansionShare: 0, expansionTerms: 8, followUpShare: 0, variantShare: 0, variantKeyword: false, variantAffix: 5, expansionMode: 'probability' });

/** Resolved dialogue options. @internal */
export type ResolvedDialogueOptions = Readonly<Required<DialogueOptions>>;

function checkShare(name: keyof DialogueOptions, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1) {
    throw new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid context engine option dialogue.${name}: got ${String(value)}; expected a number from 0 to 1.` });
  }
  return value;
}

/**
 * Applies the defaults of the `dialogue` engine option and checks it.
 * @throws CairnError `INVALID_OPTIONS` for a value that is not an object, or a share that is not a
 *   number from 0 to 1.
 * @internal
 */
export function resolveDialogueOptions(options: DialogueOptions | undefined): ResolvedDialogueOptions {
  if (options === undefined) return DEFAULT_DIALOGUE_OPTIONS;
  if (typeof options !== 'object' || options === null) {
    throw new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid context engine option dialogue: got ${String(options)}; expected an object like { selfDisclosureShare: 0.7, replyShare: 0.8 }.` });
  }
  const { selfDisclosureShare = DEFAULT_DIALOGUE_OPTIONS.selfDisclosureShare, replyShare = DEFAULT_DIALOGUE_OPTIONS.replyShare, timeShare = DEFAULT_DIALOGUE_OPTIONS.timeShare, nameShare = DEFAULT_DIALOGUE_OPTIONS.nameShare } = options;
  return Object.freeze({
    selfDisclosureShare: checkShare('selfDisclosureShare', selfDisclosureShare),
    replyShare: checkShare('replyShare', replyShare),
    timeShare: checkShare('timeShare', timeShare),
    nameShare: checkShare('nameShare', nameShare),
    expansionShare: options.expansionShare ?? 0,
    expansionTerms: options.expansionTerms ?? 8,
    followUpShare: options.followUpShare ?? 0,
    variantShare: options.variantShare ?? 0,
    variantKeyword: options.variantKeyword ?? false,
    variantAffix: options.variantAffix ?? 5,
    expansionMode: options.expansionMode ?? 'probability',
  });
}
