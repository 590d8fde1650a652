import type { DialogueAct } from './dialogue-acts.js';

/**
 * A user's words asking to hear or have the same thing again: English `again`, `once more`, `one
 * more time`, `repeat`; Spanish `otra vez`, `de nuevo`, `una vez más`, `repite`; Portuguese `de
 * novo`, `outra vez`, `mais uma vez`, `repete`; French `encore une fois`, `de nouveau`, `répète`,
 * `redis`; Italian `di nuovo`, `ancora una volta`, `un'altra volta`, `ripeti`; German `nochmal`,
 * `noch einmal`, `erneut`, `wiederhol…`; Dutch `nog een keer`, `nogmaals`, `opnieuw`, `herhaal`;
 * Japanese `もう一度`, `もう一回`; Chinese `再说一遍`, `再一次`, `重复`; Korean `다시`, `한 번 더`.
 * loops15 adds a request to send or try it again (`resend`, `re-send`, `retry`, `one last time`) and
 * the word for "again" / "once more" in Turkish (`tekrar`, `yeniden`, `bir daha`, `bir kez daha`,
 * `son bir kez`), Swedish, Danish and Norwegian (`igen`, `igjen`, `en gång till`, `en gang til`),
 * Polish (`jeszcze raz`, `ponownie`), Czech (`znovu`, `ještě jednou`) and Russian (`ещё раз`,
 * `снова`, `опять`).
 */
const AGAIN = new RegExp(
  [
    String.raw`(?<![\p{L}\p{N}])(?:again|once more|one more time|repeat|otra vez|de nuevo|una vez más|rep[ií]te|rep[ií]ta|de novo|outra vez|mais uma vez|repete|encore une fois|de nouveau|r[ée]p[èé]te[sz]?|redi[st]|redites|di nuovo|ancora una volta|un'altra volta|ripeti|ripeta|nochmal|noch mal|noch einmal|erneut|wiederhol\p{L}*|nog een keer|nogmaals|opnieuw|herhaal|re-?send|retry|one last time|tekrar|yeniden|bir (?:kez )?daha|son bir kez|igen|igjen|en g[åa]ng til+|jeszcze raz|ponownie|znovu|ještě jednou|ещ[её] раз|снова|опять)(?![\p{L}\p{N}])`,
    String.raw`もう(?:一|1|１)(?:度|回)|再(?:说|讲|講|說)(?:一)?(?:遍|次)|再一次|再来一遍|重复|다시|한\s?번(?:만)?\s?더`,
  ].join('|'),
  'u',
);

/**
 * Whether a user's turn asks for something again ("say that once more", "천천히 다시 한 번만요",
 * "¿me lo repites?"): a reply that gives the same answer again right after it answers the user's
 * request, it does not restate itself. Read from a small lexicon of words for "again" and "repeat"
 * in English, Spanish, Portuguese, French, Italian, German, Dutch, Turkish, Swedish, Danish,
 * Norwegian, Polish, Czech, Russian, Japanese, Chinese and Korean; no
 * phrase of a particular task. Case does not matter. Pure.
 *
 * @param text - The user's turn.
 * @returns Whether it asks for something again.
 *
 * @example
 * ```ts
 * asksAgain('Sorry, could you say that once more? I am writing it down.'); // true
 * asksAgain('Where is gate 12?'); // false
 * ```
 */
export function asksAgain(text: string): boolean {
  return AGAIN.test(text.toLowerCase());
}

/**
 * Whether a reply answers a user who asked for it again ({@link asksAgain}): the turn before it
 * asked again, the reply is word for word the reply before it (what was asked: to hear it again)
 * and it refuses nothing and asks for nothing. A refusal or a request for details repeated to a
 * user who pushes "again", or an answer restated in other words to "could you check again?" (the
 * check not made), is still a restatement. Such a reply is the answer asked for: the loop
 * detectors do not count it.
 *
 * @param turn - The reply's hashes (`promptAsksAgain`, `contentHash`, `contentActs`).
 * @param previousReply - The `contentHash` of the reply before it (a message without tool calls), if any.
 * @returns Whether the reply answers a request to repeat.
 */
export function answersAskAgain(turn: { promptAsksAgain?: boolean; contentHash: string; contentActs?: readonly DialogueAct[] }, previousReply: string | undefined): boolean {
  return turn.promptAsksAgain === true && turn.contentHash !== '' && turn.contentHash === previousReply && !(turn.contentActs ?? []).some((act) => act === 'refuse' || act === 'request');
}
