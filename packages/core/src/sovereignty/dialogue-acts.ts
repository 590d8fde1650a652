import { termSet } from './near-repeat-features.js';

/**
 * The dialogue acts a reply performs, as the stall detector ties restatements together: a reply
 * that refuses, asks for something, or offers something performs the same act as an earlier
 * one however it is worded. Read from a small lexicon of English markers of each act (modal
 * negations, requests, proposals), not from any phrase of a particular agent.
 */
export type DialogueAct = 'refuse' | 'request' | 'offer';

/**
 * Courtesy words of a dialogue (please, thanks, sorry, hello …), as `termSet` stems them: they
 * carry no topic, so a reply that repeats them has not taken up anything the user brought up.
 */
export const DIALOGUE_FILLER: ReadonlySet<string> = new Set(
  termSet('please pleased thanks thank kindly sorry apologies apologize apologise hi hello hey dear welcome bye goodbye'),
);

/** A pattern matching any of the alternatives as whole words. */
const anyOf = (alternatives: readonly string[]): RegExp => new RegExp(`\\b(?:${alternatives.map((alternative) => `(?:${alternative})`).join('|')})\\b`);

/** Markers of a refusal: a negated ability, permission, possibility or eligibility, and the usual softeners of a no. */
const REFUSE = anyOf([
  "can ?not|can't|unable|impossible|ineligible|unfortunately|afraid",
  'not (?:be )?(?:able|possible|allowed|permitted|eligible|entitled|authori[sz]ed|available|an option|something|in a position)',
  "isn't (?:possible|allowed)|no (?:way|longer)|must (?:decline|refuse)",
  "(?:do|does|did|will|would) not (?:allow|permit|qualify|cover)|(?:doesn't|don't|won't) (?:allow|permit|qualify|cover)",
  // "there is no compensation I can provide", "nothing I can do"
  "(?:no|nothing)(?: [\\w'-]+){0,3} (?:i|we) (?:can|could|am able to)",
  'hands are tied|off the table|out of my hands|beyond what i|(?:sorry|apologi[sz]e),? but',
]);
/** Markers of a request for information: asking the user to provide, share, confirm or tell something, or a refusal to go on without it. */
const REQUEST = anyOf([
  'could you|can you|would you (?:please )?(?:provide|share|give|tell|confirm|check)|please (?:provide|share|give|tell|confirm|check|send|let me know)',
  "may i (?:have|get|ask)|i (?:will |would |'ll |still )?need (?:your|the|you to)|need (?:your|the) \\w+ (?:id|number|code)|what is your",
  'once you (?:share|provide|have|give)|do you have (?:your|the|a)|(?:let me know|tell me) (?:your|the|which|what)',
  // "I am not able to proceed without your user id"
  "(?:cannot|can't|unable to|not able to) (?:proceed|continue|go on|look|help|access|assist)[^.?!]{0,40} (?:without|until|unless)",
]);
/**
 * A request to confirm, in a few other languages (loops15): German `bestätigen Sie`, `bitte …
 * bestätigen`; French `confirmez`, `veuillez confirmer`; Spanish and Portuguese `confirme`,
 * `confírmeme`; Italian `confermi`, `mi confermi`; Dutch `bevestig`, `wilt u … bevestigen`.
 * Whole words; case does not matter.
 */
const REQUEST_CONFIRM_OTHER = /(?<![\p{L}\p{N}])(?:bestätigen sie|bitte(?: \p{L}+){0,3} bestätigen|confirmez|veuillez confirmer|conf[ií]rme(?:me|la|lo|n)?|confermi|mi conferm\p{L}*|bevestig|(?:wilt|kunt) u(?: \p{L}+){0,3} bevestigen)(?![\p{L}\p{N}])/u;

/** Markers of an offer or a proposal: what the agent can do instead, or a question whether to go ahead. */
const OFFER =
  /\b(?:i (?:can|could) (?:offer|provide|issue|give|do|arrange)|i(?:'m| am) able to (?:offer|provide|give|issue)|offer(?:ing)? you|the (?:most|best) i can|what i (?:can|am able to) (?:offer|provide|do)|would you like (?:me )?to|shall i|should i|do you want me to|how about|as an alternative|alternatively)\b/;

const APOSTROPHES = /[\u2018\u2019\u02bc]/g;

/**
 * The dialogue acts of a reply's text, in a fixed order (`refuse`, `request`, `offer`), each at
 * most once. Case and curly apostrophes do not matter. Pure.
 *
 * @example
 * ```ts
 * dialogueActs('Unfortunately I cannot refund it. Could you share the reservation id?'); // ['refuse', 'request']
 * ```
 */
export function dialogueActs(text: string): DialogueAct[] {
  const folded = text.toLowerCase().replace(APOSTROPHES, "'");
  const acts: DialogueAct[] = [];
  if (REFUSE.test(folded)) acts.push('refuse');
  if (REQUEST.test(folded) || REQUEST_CONFIRM_OTHER.test(folded)) acts.push('request');
  if (OFFER.test(folded)) acts.push('offer');
  return acts;
}

/** Markers of a yes (English): a turn that opens agreeing, or anywhere a yes, a confirmation, a go-ahead. */
const AFFIRM_OPENING = /^\W*(?:yes|yeah|yep|sure|ok|okay|alright|of course|certainly|correct|right|great|perfect)\b/;
const AFFIRM = /\b(?:yes|yeah|yep|i confirm|confirmed|go ahead|please proceed|let's proceed|sounds good|that works)\b/;
/**
 * The same in a few other languages, cheap to list: a turn opening with a yes or an okay
 * (Spanish, Portuguese, French, Italian, German, Dutch; Japanese, Chinese, Korean), or anywhere a
 * go-ahead. Whole words where words are spaced; scripts without spaces match as written.
 */
const AFFIRM_OPENING_OTHER = /^[^\p{L}\p{N}]*(?:(?:sí|vale|claro|de acuerdo|sim|oui|d'accord|sì|certo|va bene|ja|jawohl|einverstanden|genau|klar|prima|akkoord|natuurlijk|네|좋아요)(?![\p{L}\p{N}])|はい|ええ|了解|承知|分かりました|わかりました|好的|是的)/u;
const AFFIRM_OTHER = /(?<![\p{L}\p{N}])(?:adelante|prosiga|continúe|allez-y|vas-y|procedi|vai avanti|mach weiter|nur zu|ga door|pode seguir)(?![\p{L}\p{N}])|進めて|お願いします|どうぞ|继续|請繼續|请继续|진행해/u;

/**
 * Whether a user's turn says yes (agrees, confirms, tells the agent to go ahead): an answer to
 * what the agent asked, not a push back. English markers, and a yes, an okay or a go-ahead in
 * Spanish, Portuguese, French, Italian, German, Dutch, Japanese, Chinese and Korean. Case and curly apostrophes do not matter. Pure.
 *
 * @example
 * ```ts
 * affirms('Yes, please go ahead.'); // true
 * affirms('Can you not make an exception?'); // false
 * ```
 */
export function affirms(text: string): boolean {
  const folded = text.toLowerCase().replace(APOSTROPHES, "'");
  return AFFIRM_OPENING.test(folded) || AFFIRM.test(folded) || AFFIRM_OPENING_OTHER.test(folded) || AFFIRM_OTHER.test(folded);
}
