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
}

/** Defaults of {@link DialogueOptions}. */
export const DEFAULT_DIALOGUE_OPTIONS: Readonly<Required<DialogueOptions>> = Object.freeze({ selfDisclosureShare: 0.7, replyShare: 0.8 });

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
  const { selfDisclosureShare = DEFAULT_DIALOGUE_OPTIONS.selfDisclosureShare, replyShare = DEFAULT_DIALOGUE_OPTIONS.replyShare } = options;
  return Object.freeze({ selfDisclosureShare: checkShare('selfDisclosureShare', selfDisclosureShare), replyShare: checkShare('replyShare', replyShare) });
}
