import { CairnError } from '../log/index.js';

/**
 * Dialogue cues in a question's view (`assemble({ query })`): how a conversation's own shape —
 * who tells something of their own, which message answers which, which messages name a time or a
 * place — and its own words move units' scores for a question. Agent turns (no query) are
 * unchanged. The cues are read from English text (first- and second-person pronouns, a closing
 * question mark, time words, capitalised names, the question's first words); other text gets none
 * and keeps its score.
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
   * Share of its score for a question that a user or assistant message keeps when it ends with a
   * question ("What got you into running?"): a message that asks tells less than one that
   * answers, and its reply still takes `replyShare` of its match. `1` turns the cue off.
   * @default DEFAULT_DIALOGUE_OPTIONS.askingShare
   */
  askingShare?: number;
  /**
   * Share of its score for a question that asks when ("when…", "how long…", "what year…") that a
   * user or assistant message keeps when it names no time ("yesterday", "last week", a weekday, a
   * month, a year, "recently", "ago"). `1` turns the cue off.
   * @default DEFAULT_DIALOGUE_OPTIONS.timeShare
   */
  timeShare?: number;
  /**
   * Share of its score for a question that asks who or where ("who…", "where…", "what countries /
   * cities / names / people…") that a user or assistant message keeps when it names no one and
   * nowhere: no capitalised word inside a sentence, other than a greeting, a month or a weekday,
   * or a speaker addressed ("Thanks, Mel!"). `1` turns the cue off.
   * @default DEFAULT_DIALOGUE_OPTIONS.nameShare
   */
  nameShare?: number;
  /**
   * Weight, beside the question's 0.5, of the question terms' spellings in the conversation that
   * a question's direction blends in: terms that extend a question term or that it extends by up
   * to five letters ("mentorship" ↔ "mentored"), and the halves of a term written as one word
   * ("roadtrip" → "road trip"). `0` turns it off.
   * @default DEFAULT_DIALOGUE_OPTIONS.variantShare
   */
  variantShare?: number;
  /**
   * Weight, beside the question's 0.5, of the words that come with the question's terms in the
   * conversation (P(word | question term) × IDF, over question terms held by 2 to 10% of the
   * units; `expansionTerms` words) that a question's direction blends in. `0` turns it off.
   * @default DEFAULT_DIALOGUE_OPTIONS.expansionShare
   */
  expansionShare?: number;
  /**
   * How many co-occurring words `expansionShare` adds, a whole number from 0.
   * @default DEFAULT_DIALOGUE_OPTIONS.expansionTerms
   */
  expansionTerms?: number;
  /**
   * Share of a question's match with a unit that depends on its sitting's match (a sitting: the
   * chat messages with no pause of an hour or more between their timestamps). Each sitting's
   * match is the mean of its `sittingTop` best units' own matches (before neighbours and replies
   * share theirs), relative to the best sitting's; a unit's match is scaled by
   * `(1 - sittingShare) + sittingShare × that`, so a sitting about the question's subject wins
   * over single matches scattered in sittings about something else (a long history: LoCoMo
   * haystacks, see the bench README). A log without timestamps is one sitting and is unchanged.
   * `0` turns it off.
   * @default DEFAULT_DIALOGUE_OPTIONS.sittingShare
   */
  sittingShare?: number;
  /**
   * How many of a sitting's best unit matches make its match for `sittingShare`, a whole number
   * from 1.
   * @default DEFAULT_DIALOGUE_OPTIONS.sittingTop
   */
  sittingTop?: number;
}

/** Defaults of {@link DialogueOptions}. */
export const DEFAULT_DIALOGUE_OPTIONS: Readonly<Required<DialogueOptions>> = Object.freeze({
  selfDisclosureShare: 0.7,
  replyShare: 0.8,
  askingShare: 0.8,
  timeShare: 0.5,
  nameShare: 0.5,
  variantShare: 0.5,
  expansionShare: 0.2,
  expansionTerms: 8,
  sittingShare: 0.6,
  sittingTop: 3,
});

/** Resolved dialogue options. @internal */
export type ResolvedDialogueOptions = Readonly<Required<DialogueOptions>>;

function checkShare(name: keyof DialogueOptions, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1) {
    throw new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid context engine option dialogue.${name}: got ${String(value)}; expected a number from 0 to 1.` });
  }
  return value;
}

function checkCount(name: keyof DialogueOptions, value: unknown, least = 0): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < least || value > 1_000) {
    throw new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid context engine option dialogue.${name}: got ${String(value)}; expected a whole number from ${least} to 1000.` });
  }
  return value;
}

/**
 * Applies the defaults of the `dialogue` engine option and checks it.
 * @throws CairnError `INVALID_OPTIONS` for a value that is not an object, a share that is not a
 *   number from 0 to 1, `expansionTerms` that is not a whole number from 0 to 1000, or `sittingTop` that is not one from 1 to 1000.
 * @internal
 */
export function resolveDialogueOptions(options: DialogueOptions | undefined): ResolvedDialogueOptions {
  if (options === undefined) return DEFAULT_DIALOGUE_OPTIONS;
  if (typeof options !== 'object' || options === null) {
    throw new CairnError({ code: 'INVALID_OPTIONS', message: `Invalid context engine option dialogue: got ${String(options)}; expected an object like { selfDisclosureShare: 0.7, replyShare: 0.8 }.` });
  }
  const defaults = DEFAULT_DIALOGUE_OPTIONS;
  return Object.freeze({
    selfDisclosureShare: checkShare('selfDisclosureShare', options.selfDisclosureShare === undefined ? defaults.selfDisclosureShare : options.selfDisclosureShare),
    replyShare: checkShare('replyShare', options.replyShare === undefined ? defaults.replyShare : options.replyShare),
    askingShare: checkShare('askingShare', options.askingShare === undefined ? defaults.askingShare : options.askingShare),
    timeShare: checkShare('timeShare', options.timeShare === undefined ? defaults.timeShare : options.timeShare),
    nameShare: checkShare('nameShare', options.nameShare === undefined ? defaults.nameShare : options.nameShare),
    variantShare: checkShare('variantShare', options.variantShare === undefined ? defaults.variantShare : options.variantShare),
    expansionShare: checkShare('expansionShare', options.expansionShare === undefined ? defaults.expansionShare : options.expansionShare),
    expansionTerms: checkCount('expansionTerms', options.expansionTerms === undefined ? defaults.expansionTerms : options.expansionTerms),
    sittingShare: checkShare('sittingShare', options.sittingShare === undefined ? defaults.sittingShare : options.sittingShare),
    sittingTop: checkCount('sittingTop', options.sittingTop === undefined ? defaults.sittingTop : options.sittingTop, 1),
  });
}
