/**
 * The dialogue acts a reply performs, as the stall detector ties restatements together: a reply
 * that refuses, asks for something, or offers something performs the same act as an earlier
 * one however it is worded. Read from a small lexicon of English markers of each act (modal
 * negations, requests, proposals), not from any phrase of a particular agent.
 */
export type DialogueAct = 'refuse' | 'request' | 'offer';

/** Markers of a refusal: a negated ability, permission, possibility or eligibility, and the usual softeners of a no. */
const REFUSE =
  /\b(?:can ?not|can't|unable|not (?:be )?(?:able|possible|allowed|permitted|eligible|available|an option|something)|isn't (?:possible|allowed)|impossible|ineligible|(?:do|does|did|will|would|won't|doesn't|don't) not? ?(?:allow|permit|qualify|cover)|(?:doesn't|don't|won't) (?:allow|permit|qualify|cover)|no (?:way|longer)|unfortunately|afraid|not in a position)\b/;
/** Markers of a request for information: asking the user to provide, share, confirm or tell something. */
const REQUEST =
  /\b(?:could you|can you|would you (?:please )?(?:provide|share|give|tell|confirm|check)|please (?:provide|share|give|tell|confirm|check|send|let me know)|may i (?:have|get|ask)|i (?:will |would |'ll |still )?need (?:your|the|you to)|need (?:your|the) \w+ (?:id|number|code)|what is your|once you (?:share|provide|have|give))\b/;
/** Markers of an offer or a proposal: what the agent can do instead, or a question whether to go ahead. */
const OFFER = /\b(?:i can (?:offer|provide|issue|give|do)|offer(?:ing)? you|the (?:most|best) i can|what i (?:can|am able to) (?:offer|provide|do)|would you like (?:me )?to|shall i|do you want me to|as an alternative|alternatively)\b/;

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
  if (REQUEST.test(folded)) acts.push('request');
  if (OFFER.test(folded)) acts.push('offer');
  return acts;
}

/** Markers of a yes: a turn that opens agreeing, or anywhere a yes, a confirmation, a go-ahead. */
const AFFIRM_OPENING = /^\W*(?:yes|yeah|yep|sure|ok|okay|alright|of course|certainly|correct|right|great|perfect)\b/;
const AFFIRM = /\b(?:yes|yeah|yep|i confirm|confirmed|go ahead|please proceed|let's proceed|sounds good|that works)\b/;

/**
 * Whether a user's turn says yes (agrees, confirms, tells the agent to go ahead): an answer to
 * what the agent asked, not a push back. Case and curly apostrophes do not matter. Pure.
 *
 * @example
 * ```ts
 * affirms('Yes, please go ahead.'); // true
 * affirms('Can you not make an exception?'); // false
 * ```
 */
export function affirms(text: string): boolean {
  const folded = text.toLowerCase().replace(APOSTROPHES, "'");
  return AFFIRM_OPENING.test(folded) || AFFIRM.test(folded);
}
