/**
 * Settings of the stall detector (`detectStallLoop`, `sovereignty.loops.stall`): when a window
 * of turns adds nothing new.
 */
export interface StallSettings {
  /**
   * Two tool outputs (of at least `MIN_OUTPUT_TERMS` terms) are the same output seen again when
   * the term overlap (Jaccard) of their starts is at least this, whatever the call that produced
   * them: the same file window re-read with shifted lines, a script re-run with another command
   * line. From 0 (exclusive) to 1.
   */
  outputSimilarity: number;
  /**
   * Terms the user's turn says for the first time in the window that a reply must take up to
   * count as answering something new (a new request answered, even with another refusal, is
   * progress; a push the reply does not take up is not). An integer from 1.
   */
  echoTerms: number;
  /**
   * Share of a reply's terms already said by the replies it restates at or above which it is a
   * restatement even when it takes up the user's words (an agent that echoes "a waiver or an
   * exception" back while repeating its refusal has not moved on). From 0 (exclusive) to 1; 1
   * leaves only `echoTerms` to decide.
   */
  restatedShare: number;
}

/**
 * Default stall settings: outputs alike at 0.8 (the restatement detector's, chosen before
 * measuring), one new term taken up (chosen before measuring; 2–4 measured worse on the labelled
 * runs), and a restated share of 0.5 (set on the labelled runs: 0.4 and 0.6 measured worse). See
 * the core README's loop section for what they measured.
 */
export const DEFAULT_STALL_SETTINGS: Readonly<StallSettings> = Object.freeze({ outputSimilarity: 0.8, echoTerms: 1, restatedShare: 0.5 });
