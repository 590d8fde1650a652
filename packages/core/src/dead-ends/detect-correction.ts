/**
 * Explicit rejections: enough on their own, as long as there was a claim or action just before.
 */
const STRONG: readonly RegExp[] = [
  // Only as a verdict that ends its clause: "it's not right that some kids…" is an opinion,
  // "this is incorrect behaviour when…" a description.
  /\b(that'?s|that is|this is|it'?s|it is|you'?re|you are) (wrong|incorrect|mistaken|not (right|correct|true|what i (asked|wanted|meant|said)))\b(?:\s+for)?(?=\s*($|[.,;:!?\u2014\u2013-]|\s(and|but|so|because|please|use|it|i|you)\b))/i,
  /\byou (got|have) (it|that|this) wrong\b/i,
  /\bi (said|asked|told you)\b.*\b(not|don'?t|never|instead)\b/i,
  /\b(undo|revert|roll back) (that|this|it|the (change|edit|booking|cancellation))\b/i,
  /\b(wrong (one|account|card|file|flight|reservation|booking|order|customer|branch))\b/i,
];
/** Weaker cues: a correction only when they answer what was just said or done (shared terms). */
const WEAK: readonly RegExp[] = [
  /^\s*(no|nope)\b[,.!]?\s+(it'?s|it is|they'?re|the|you|not|don'?t|stop|use|i)\b/i,
  /^\s*(actually|wait)\b[,.!]?\s+(it'?s|it is|that'?s|the|no)\b/i,
];
/** "Don't delete X": a correction only when the turn before did that (its verb or its object is there). */
const IMPERATIVE = /^\s*(?:don'?t|do not|stop|never) (do|use|run|call|touch|change|edit|delete|book|cancel|send|charge)\w*\s+(?:(?:the|a|an|that|this|any|it|my|your)\s+)?([\p{L}\p{N}_.-]+)/iu;
/** The user owning up to their own slip ("I gave you the wrong id"): not a correction of the agent. */
const OWN_SLIP = /\bI(?:'ve| have)?\s+(?:\w+\s+)?(provided|gave|sent|typed|entered|mentioned|said|told you)\b.*\bwrong\b/i;
/** Replies that turn something down or close the talk, not correct it ("No, that's all, thanks"). */
const DISMISSAL = /^\s*(no|nope|nah)\b[,.!]?\s*(that'?s (all|it|everything|fine|ok|okay|good|great|perfect)|thanks|thank you|i'?m (good|fine|all set|ok)|nothing( else)?|not (now|really|yet|at the moment|today)|worries|need)\b/i;

/** Words that say nothing about what was said or done. */
const FILLER = new Set(['that', 'this', 'what', 'with', 'have', 'your', 'just', 'wrong', 'right', 'correct', 'wanted', 'want', 'said', 'asked', 'told', 'please', 'should', 'would', 'could', 'there', 'here', 'they', 'them', 'then', 'than', 'about', 'thanks', 'actually', 'instead', 'again', 'really', 'it\'s', 'that\'s', 'don\'t', 'didn\'t', 'isn\'t', 'never', 'stop']);

/** Content words (4+ letters, or any word with a digit) of a text, lowercased. */
function contentWords(text: string): Set<string> {
  const words = text.toLowerCase().match(/[\p{L}\p{N}_'-]+/gu) ?? [];
  return new Set(words.filter((word) => (word.length >= 4 || /\d/.test(word)) && !FILLER.has(word)).map((word) => word.replace(/'s$/, '')));
}

/**
 * Whether a user message corrects the agent: it rejects a claim or action of the assistant turn
 * just before it (that turn's text and calls, in words). Nothing before it, nothing to correct.
 * Dismissals and closings ("No, that's all, thanks", "No, not now") never count. An explicit
 * rejection ("that's wrong", "not what I asked", "I said X, not Y", "undo that") counts; a weaker
 * cue ("No, it's…", "actually, the…") counts only when the turn before did not end with a
 * question (then "No, …" is an answer) and the sentence shares a content word with it; "don't
 * delete X" only when that turn did it (its verb or X is there). A user owning up to their own
 * slip ("I gave you the wrong id") corrects nobody.
 *
 * @param text - The user message's text.
 * @param previous - The assistant turn just before it, in words (`''` when none).
 * @returns The correcting sentence, or undefined.
 *
 * @example
 * ```ts
 * detectCorrection("No, that's the wrong account — use 4417.", 'Charged account 4410 for the upgrade.'); // the sentence
 * detectCorrection("No, that's all for now. Thanks!", 'Anything else I can help with?'); // undefined
 * ```
 */
export function detectCorrection(text: string, previous: string): string | undefined {
  if (previous.trim() === '') return undefined;
  const lines = previous.trim().split('\n');
  const asked = /\?\s*$/.test(lines[lines.length - 1]!);
  const before = contentWords(previous);
  for (const sentence of text.split(/\n|(?<=[.!?])\s+/)) {
    if (DISMISSAL.test(sentence) || OWN_SLIP.test(sentence)) continue;
    if (STRONG.some((pattern) => pattern.test(sentence))) return sentence;
    const imperative = IMPERATIVE.exec(sentence);
    if (imperative) {
      const verb = imperative[1]!.toLowerCase();
      const object = imperative[2]!.toLowerCase();
      if ([...before].some((word) => word.startsWith(verb.length >= 4 ? verb : `${verb} `) || (object.length >= 5 && word === object)) || (verb.length < 4 && new RegExp(`\\b${verb}\\b`, 'i').test(previous))) return sentence;
      continue;
    }
    if (asked || !WEAK.some((pattern) => pattern.test(sentence))) continue;
    for (const word of contentWords(sentence)) if (before.has(word)) return sentence;
  }
  return undefined;
}
