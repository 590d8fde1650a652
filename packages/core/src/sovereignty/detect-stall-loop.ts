import type { LoopSignal, StallSettings } from '../options/index.js';
import type { AssistantTurnHashes, CallObservation } from './assistant-turn-hashes.js';
import { ChangeCycles } from './change-cycles.js';
import { observationNews, type NoNewsStreak } from './no-news-streak.js';
import type { SameCallReruns } from './same-call-reruns.js';
import { FutileChanges } from './futile-changes.js';
import { changeKey, silentChange, type SteadyRepeats } from './steady-repeats.js';
import { DIALOGUE_FILLER, type affirms, type dialogueActs } from './dialogue-acts.js';
import type { MIN_OUTPUT_TERMS } from './detect-restatement-loop.js';
import { valueKeys } from './near-repeat-features.js';
import { AskedAgainRuns, RequestedRuns, type requestedRepeats } from './requested-repeats.js';
import { answersAskAgain } from './asks-again.js';
import { CountedOutcomes } from './counted-outcomes.js';
import { JitteredChanges } from './jittered-changes.js';
import { StampedPrompts, withoutPrompt } from './stamped-prompts.js';
import { changedAgain, type SAME_CHANGE_WORDING, type SAME_PLACE_DISTANCE } from './changed-again.js';
import type { BeforeChange } from './stall-state-types.js';
import { StallState } from './stall-state.js';
import { StandingOrderRuns } from './standing-orders.js';
import { RestoredStateChecks } from './restored-state-checks.js';

/** Settings of {@link detectStallLoop}: the window, the repeats and the stall settings. */
export interface DetectStallLoopOptions extends StallSettings {
  /** Assistant messages looked back over. */
  window: number;
  /** Stalled repeats within the window (the first statement or output included) that make a loop. */
  repeats: number;
}

const HAS_DIGIT = /\p{N}/u;

/** Fewest characters of a user's term a reply must take up to count as taking up the user's words (shorter ones are particles). */
const MIN_ECHO_CHARS = 3;

/** Fewest characters of a word a re-asked go-ahead shares with the replies before it to ask about the same thing (loops15; `shall`, `invit` are shorter). */
const MIN_TOPIC_CHARS = 6;

/**
 * Detects a stall — a stretch of turns that adds nothing new, however it is worded — which
 * exact, near and restatement repeats miss:
 * - replies that add nothing, one after another: each names no value (number, id, date, amount)
 *   the window had not seen, no new tool output came since the reply before it (a short output
 *   counts as new unless the same tool gave it before), the user's turns since then named no value
 *   and said no yes ({@link affirms}) to a reply that asked something (a question mark, a
 *   request, an offer: "okay… is it done?" after "I am processing it now" is a push), and the reply takes up fewer than `echoTerms` of the user's
 *   terms that no reply had said yet (a new request, or an earlier one the agent never answered) —
 *   or at least `restatedShare` of its terms were already said by the replies it restates (a push
 *   answered with the same refusal, perhaps echoing the push's words; not a new request
 *   answered). The run is one thing said again as long as no reply performs only dialogue acts
 *   ({@link dialogueActs}: refuse, request, offer) the run has not performed (a refusal after a
 *   request starts a new run; a reply performing none — a rule explained again, a wording outside
 *   the lexicon — does not tell, and a run whose replies performed none yet cannot tell either:
 *   any reply joins it), and it counts once some reply of it performs an act, names a
 *   value or answers a user's question (a question mark) with nothing new (a promise made again to
 *   "is it done?" does), or, past `repeats` replies, while no question of the agent's awaits the
 *   user's answer and none of its replies took up a word the user newly said (courtesies said
 *   again and again after the conversation closed restate the closing; "take your time" said
 *   again while the agent waits for the booking code it asked for is waiting). A
 *   go-ahead to a reply that asked nothing pushes like a question ("okay, go ahead" after "I will
 *   fix it, then run the tests": the plan restated answers it with nothing new), and a yes answers
 *   a question once (a reply asking again about the very values the user just said yes to got no
 *   answer it lacked);
 * - the same tool output read back to back, whatever the call, failed or not (term Jaccard of
 *   the outputs' starts ≥ `outputSimilarity`, outputs of at least `MIN_OUTPUT_TERMS` terms;
 *   another such output between ends the run) by calls asking for the same place (every number in
 *   their arguments within {@link SAME_PLACE_DISTANCE} of one in the other's, or none): a script
 *   re-run with another command line, the same file window re-read with shifted lines — but not
 *   `goto 59` then `goto 86` in a file short enough to be shown whole each time. A call the run
 *   already made, answered now with another output (a status, a percentage moved on), ends the
 *   run: the same ask answered otherwise is news (a poll), however alike the two outputs are.
 * - the same call answered with the same outcome again and again, whatever was read between the
 *   tries ({@link SameCallReruns}: a reproduction re-run while browsing);
 * - one long record (the same masked outcome) read in `repeats` turns by calls of two tools or more,
 *   other reads between, no change and no user's turn since (`SameStateReached`, loops16: an
 *   account opened by tax number, then found by name, then by address) — not one a tool gave for
 *   two places apart (a short file shown whole);
 * - writes that set one thing back and forth (A, B, A… of one tool on one target, no user turn
 *   between; {@link ChangeCycles}): the call made the `repeats`-th time is a loop;
 * - the identical check re-run while the changes of one tool at one place only undo each other (A,
 *   B, A, each answered alike; `RestoredStateChecks`, loops17): every run since the first change
 *   there counts;
 * - one target read again with its name spelled another way (`CKT-3`, `ckt3`, `tank_id` for
 *   `tank`: `targetSignature`), answered alike but for a short hexadecimal query id
 *   (`RespelledReads`, loops18): reads in two spellings or more count;
 * - one question put to the world again, however it is worded, each answer telling nothing the
 *   window lacked ({@link NoNewsStreak}: help searches reworded, each answered with the same empty
 *   list; a version asked for by several commands, each answer the same number) — an answer with
 *   a new term, the identical call answered otherwise, another subject or a name swapped for
 *   another (another order, another date, another identifier) is news; a user's turn or a change
 *   starts afresh;
 * - the identical change made again, each time followed by an observation telling nothing new
 *   ({@link FutileChanges}: a refund re-queued under a new job id that fails for the same reason);
 * - the exact detector's repeats read with volatile tokens masked ({@link SteadyRepeats}: the same
 *   call with the same outcome, however short, a change included — a question re-put to a helper
 *   whose answer carries a fresh trace id; a change worded otherwise at the same place answered with
 *   the same long report, {@link changeKey}, until some call is answered otherwise than the time
 *   before: then the change made a difference, and the next one is a new attempt). A silent change ({@link silentChange}: it answered
 *   nothing and names nothing, a note to oneself) is no change of state.
 * The identical call (or change) made again no more often than the user's latest turn asked for
 * ({@link requestedRepeats}: "run the benchmark 5 times") is what was asked, not a loop: the
 * repeats of the same call (steady repeats, reruns, futile changes) count only past that number.
 * A reply equal to the reply before it once id-like numbers are masked (a fresh ticket number:
 * `contentIdless`, loops17) names no new value by that number. A reply given word for word again right after the user asks for it again ({@link answersAskAgain})
 * answers that request: it restates nothing; so does the identical call made right after the user
 * asks for something again (`AskedAgainRuns`: a phrase played again each time the learner asks).
 * The identical call answered with the same masked text in which only numbers rising by exactly
 * one moved (a turn counter, an attempt number: `CountedOutcomes`) has the same outcome as before,
 * and so has one in which a number moved to a number the latest change answered with (a rerun's
 * new run number, named by the log read after it: rounds of a change and a read reporting the same
 * thing). A change whose argument numbers only jitter (`JitteredChanges`: a box nudged by a point),
 * answered with the same long report, is the same change made again. The words of a user's turn
 * asking for something again ("check once more") are no new request a reply takes up by echoing them.
 * loops14: the identical call answered alike but for values named an id by their key (`"request_id"`,
 * `run_id`) has the same outcome (`CountedOutcomes`); a user's turn that is the previous one again
 * with only volatile tokens moved (an auto-reply under a new stamp: `StampedPrompts`) is read as no
 * turn; a run the user asked for by count is progress (the replies between runs restate nothing,
 * no-news answers up to the count are asked for), and a count asked before the window still grants
 * the runs it has left (`RequestedRuns`).
 * Outcomes are compared with their volatile tokens masked (`steadyHash`: clock readings to the
 * second, durations — also named by their field, `"query_ms":373` —, generated ids — an `as_of` that moves is not news; a status, a count, a date
 * or a time to the minute that moves is).
 * At least `repeats` of them (the first statement or output included) within the last `window`
 * assistant messages, with no new successful change of state in between (a new edit or write
 * that applied starts afresh and ends any loop before it), make a loop — progress is judged by
 * the outcome: a change made again at the same place as the change before it (the same line
 * tweaked, an install retried; naming no number, worded alike: {@link SAME_CHANGE_WORDING}) whose next observation of a call made before it gets the same
 * outcome as before made no difference, and the window goes on as if it had not happened. Pure and deterministic; needs the turns hashed with
 * `terms` and their `prompt` ({@link hashAssistantTurn}). Cost per call: O(k²) comparisons of
 * bounded term lists for the k outputs in the window, O(terms) per reply.
 *
 * @returns The loop (the largest; ties: the latest), marked `near`, or `undefined`.
 *
 * @example
 * ```ts
 * const turns = assistantMessages.map((message, index) => hashAssistantTurn(message, results[index], { terms: true, prompt: userTurns[index] }));
 * detectStallLoop(turns, { window: 8, repeats: 3, ...DEFAULT_STALL_SETTINGS });
 * ```
 */
export function detectStallLoop(turns: readonly AssistantTurnHashes[], options: DetectStallLoopOptions): LoopSignal | undefined {
  const state = new StallState();
  let best: LoopSignal | undefined;
  const consider = (signal: LoopSignal): void => {
    if (signal.count >= options.repeats && (!best || signal.count >= best.count)) best = signal;
  };
  /** How many runs of one thing the user's latest turn asked for (0: none): the identical call made no more often is what was asked. */
  const requested = new RequestedRuns(turns, options.window);
  /** The repeats of each call made right after the user asked for it again. */
  const askedAgain = new AskedAgainRuns();
  /** Whether the turn under way follows a user's turn asking for something again. */
  let asksAgainNow = false;
  /** The repeats of each call a standing order grants, each narrated as a step on a new item (loops15). */
  const standing = new StandingOrderRuns(turns, options.window);
  /** Whether the call under way is a standing order's step on a new item (StandingOrderRuns.step). */
  let step = false;
  /** Counts a repeat of the identical call (or change), unless the user asked for at least that many runs (a count, or "again" before it) or a standing order asks for it on each new item. */
  const considerRepeat = (signal: LoopSignal): void => {
    const granted = Math.max(askedAgain.see(signal.hash, signal.count, asksAgainNow), standing.grant(signal.hash, signal.count, step));
    if (signal.count > Math.max(requested.allowance(signal.hash), granted)) consider(signal);
  };
  const cycles = new ChangeCycles();
  /** Identical checks re-run while the changes between them only set one place back and forth (loops17). */
  const restored = new RestoredStateChecks();
  /** A call's outcome: its result with volatile tokens masked when hashed with terms, and counters rising by one masked (CountedOutcomes). */
  const counted = new CountedOutcomes();
  const futile = new FutileChanges();
  /** Changes whose argument numbers only jitter, answered alike: counted as the first of them. */
  const jitter = new JitteredChanges();
  /** The numbers the latest change answered with (a run number it handed out): a read naming it instead of the last one has not moved. */
  let handles: ReadonlySet<number> = new Set();
  /** The latest outcome of each call that changed nothing (call hash → outcome), kept across changes. */
  const outcomes = new Map<string, string>();
  /** Observations so far whose call was answered otherwise than the time before (a change between them made a difference). */
  let moves = 0;
  /** The window before the first change not yet judged by an observation. */
  let before: BeforeChange | undefined;
  /** The latest successful change. */
  let lastChange: CallObservation | undefined;
  /** The latest reply's hash (a message without tool calls). */
  let previousReply: string | undefined;
  /** The latest reply's hash with id-like numbers masked: a reply the same but for a fresh ticket number names nothing new (loops17). */
  let previousIdless: string | undefined;
  /** Who spoke in the latest user turn naming its speaker. */
  let speaker: string | undefined;
  /** The latest user turn: one said again with only its stamps moved (an auto-reply) is read as no turn. */
  const stamped = new StampedPrompts();
  turns.slice(-options.window).forEach((heard, at) => {
    const turn = stamped.repeats(heard) ? withoutPrompt(heard) : heard;
    asksAgainNow = turn.promptAsksAgain === true;
    standing.heard(turn);
    // A user who speaks directs what follows: a toggle, a retry, another search asked for is no loop.
    if ((turn.promptTerms ?? []).length > 0) {
      requested.heard(turn);
      cycles.clear();
      restored.clear();
      futile.clear();
      state.streak.clear();
      state.reached.clear();
      state.respelled.clear();
    }
    for (const call of turn.calls) {
      // A silent change (a note to oneself) leaves nothing a later call reads: no change at all.
      if (!call.changed || silentChange(call)) continue;
      step = standing.step(call.callHash, turn.narrationTerms);
      restored.change(call);
      const returned = cycles.see(call, turn.id);
      if (returned !== undefined) {
        // The state set back to one it was in: no progress, the loop before it goes on.
        // A cycle a standing order asks for on each new item (230 °C, then 200 °C, for every tray) goes on with the items (loops15).
        if (returned > standing.grant(`cycle:${call.callHash}`, returned, step)) consider({ kind: 'call', count: returned, hash: call.callHash, lastId: turn.id, near: true, toolName: call.toolName });
        continue;
      }
      // A change is made again only while nothing it could have caused has moved: once a call is
      // answered otherwise than before (the test fails another way), the next change at the same
      // place, answered with the same report, is a new attempt.
      const outcome = counted.outcome(call);
      handles = new Set(call.outputNumbers ?? []);
      // A box nudged by a point, answered with the same long report: the same target again (JitteredChanges).
      const change = `${jitter.key(call, outcome, changeKey(call, outcome))}\u0000${moves}`;
      // A loop before a new change is over, as with the other detectors — unless what is
      // observed next shows the change made no difference (see below).
      if (!state.changes.has(change)) {
        before ??= { outputs: state.outputs, shortOutputs: state.shortOutputs, chain: state.chain, run: state.run, reruns: state.reruns, learnt: state.learnt, best, outcomes: new Map(outcomes), again: changedAgain(lastChange, call) };
        state.reset();
        best = undefined;
      }
      state.changes.add(change);
      // The identical change answered alike again: the same attempt made again.
      const again = state.repeats.see(change, call, at, turn.id);
      considerRepeat({ kind: 'call', count: again.count, hash: again.hash, lastId: again.lastId, near: true, toolName: again.toolName });
      // A change made again right after the user asked for it again ("resend it, please") is what was
      // asked: the reply reporting it is progress (loops15). A read made again to "check again" is not:
      // the same answer restated to a user who doubts it is still a restatement.
      if (asksAgainNow) state.learnt = true;
      lastChange = call;
      futile.made(call, turn.id);
      // What the change answered is known (a job id it returned is no news when a status call names it).
      state.know(call.resultTerms, []);
    }
    // What the user said since the latest reply: terms no reply has said yet, which the next reply
    // may take up (a new request, or an earlier one the agent never answered); a value (an id, a
    // date, a choice among listed options) or a yes is an answer, not a push.
    const promptTerms = turn.promptTerms ?? [];
    // Another person answering (the user turns name their speakers): what the agent says next it
    // says to someone new, not again to the same one (a sign-off asked of each editor, loops15).
    if (turn.promptSpeaker !== undefined) {
      if (speaker !== undefined && turn.promptSpeaker !== speaker) state.chain = undefined;
      speaker = turn.promptSpeaker;
    }
    const promptValues = valueKeys(turn.promptValues ?? []);
    // A push to do it again ("please check once more", `asksAgain`) asks for nothing new: a reply
    // echoing its words ("checking once more: …") takes up no new request.
    if (!asksAgainNow) for (const term of promptTerms) if (!state.replied.has(term) && !DIALOGUE_FILLER.has(term)) state.userTerms.add(term);
    // A yes answers only a question: after a reply that asked nothing ("I am processing it now"),
    // "okay… is it done?" is a push, not an answer.
    if (promptValues.length > 0 || turn.promptAffirms === true) state.awaiting = false;
    if (promptValues.length > 0) {
      state.userAnswered = true;
      state.yesOnly = false;
    } else if (turn.promptAffirms === true && state.replyAsked && !state.userAnswered) {
      state.userAnswered = true;
      state.yesOnly = true;
    }
    // A question pushes; so does a go-ahead to a reply that asked nothing ("okay, go ahead" after
    // "I will fix it and run the tests"): the user waits for the work, and a reply restating the
    // plan answers with nothing new.
    if (turn.promptAsks === true || (turn.promptAffirms === true && !state.replyAsked)) state.userAsked = true;
    state.know(promptTerms, promptValues);
    for (const call of turn.calls) {
      if (call.changed || call.resultHash === '') continue;
      step = standing.step(call.callHash, turn.narrationTerms);
      const outcome = counted.outcome(call, handles);
      // The first call observed after a change that was also made before it judges the change:
      // a change made again (the same tool at the same place as the change before it) followed by
      // the same outcome as before made no difference (a cosmetic edit of the same line before the
      // same failing test, a reinstall before the same import error), so the window goes on as
      // before it; another outcome, a call not made before, or a change elsewhere (a new attempt)
      // means it did.
      if (before !== undefined) {
        if (before.again && before.outcomes.get(call.callHash) === outcome) {
          ({ outputs: state.outputs, shortOutputs: state.shortOutputs, chain: state.chain, run: state.run, reruns: state.reruns, learnt: state.learnt, best } = before);
        }
        before = undefined;
      }
      // The same check re-run after changes that only undo each other (A, B, A at one place): the same check again (loops17).
      const back = restored.check(call, turn.id);
      if (back) considerRepeat({ kind: 'call', count: back.count, hash: back.hash, lastId: back.lastId, near: true, toolName: back.toolName });
      const repeat = state.repeats.see(`${call.callHash}:${outcome}`, call, at, turn.id);
      considerRepeat({ kind: 'call', count: repeat.count, hash: repeat.hash, lastId: repeat.lastId, near: true, toolName: repeat.toolName });
      // A run the user's latest turn asked for ("play it three times") is progress, not a stall: the
      // replies between the runs report it, and no-news answers up to that count are what was asked (loops14).
      if (repeat.count <= requested.allowance(call.callHash)) state.learnt = true;
      // Did the answer tell anything new: a question asked again in other words, a change made
      // again (see NoNewsStreak, FutileChanges).
      const previous = outcomes.get(call.callHash);
      const news = observationNews(call, outcome, state.terms, previous);
      if (previous !== undefined && previous !== outcome) moves++;
      outcomes.set(call.callHash, outcome);
      const wasted = futile.judge(news.moved || news.novel.length > 0);
      if (wasted) considerRepeat({ kind: 'call', count: wasted.count, hash: wasted.hash, lastId: wasted.lastId, near: true, toolName: wasted.toolName });
      const streak = state.streak.see(call, outcome, news, at, turn.id);
      if (streak && streak.count > Math.max(requested.allowance(streak.hash), standing.grant(`streak:${streak.hash}`, streak.count, step))) consider({ kind: 'call', count: streak.count, hash: streak.hash, lastId: streak.lastId, near: true, toolName: streak.toolName });
      // One long record reached again through other tools' calls, other reads between (loops16).
      const reached = state.reached.see(call, outcome, at, turn.id);
      if (reached && reached.count > standing.grant(`reached:${reached.hash}`, reached.count, step)) consider({ kind: 'call', count: reached.count, hash: reached.hash, lastId: reached.lastId, near: true, toolName: reached.toolName });
      // The same target read under another spelling, answered alike but for a fresh handle (loops18).
      const respelled = state.respelled.see(call, at, turn.id);
      if (respelled) considerRepeat({ kind: 'call', count: respelled.count, hash: respelled.hash, lastId: respelled.lastId, near: true, toolName: respelled.toolName });
      // Before the output is known: what of it the window held already.
      const rerun = state.reruns.see(call.callHash, outcome, call.resultTerms, at, turn.id, state.terms, options.outputSimilarity);
      if (rerun) considerRepeat({ kind: 'call', count: rerun.count, hash: call.callHash, lastId: rerun.lastId, near: true, toolName: call.toolName });
      const group = state.see(call.resultTerms, outcome, call.callHash, call.toolName, call.argumentNumbers ?? [], at, turn.id, options.outputSimilarity);
      state.know(call.resultTerms, valueKeys(call.resultTerms.filter((term) => HAS_DIGIT.test(term))));
      // The same output read for each new item a standing order names (the hash verified at every custody step) is the order's step (loops15).
      if (group && group.count > standing.grant(`output:${group.hash}`, group.count, step)) consider({ kind: 'call', count: group.count, hash: group.hash, lastId: group.lastId, near: true, toolName: group.toolName });
    }
    if (turn.calls.length > 0 || turn.contentTerms.length === 0) return;
    // A reply after a change reports on it: the change stands.
    before = undefined;
    const values = valueKeys(turn.contentValues);
    const acts = turn.contentActs ?? [];
    const replyTerms = new Set(turn.contentTerms);
    // A word of one or two letters (a particle, a pronoun) takes up nothing the user asked.
    const echoed = [...state.userTerms].filter((term) => term.length >= MIN_ECHO_CHARS && replyTerms.has(term)).length;
    const chain = state.chain;
    const restated = chain ? turn.contentTerms.filter((term) => chain.terms.has(term)).length / turn.contentTerms.length : 0;
    // A question about what the replies before it asked about: it shares a word of at least
    // MIN_TOPIC_CHARS characters with them ("publish" again; "invite the manager" after "book room A" is a new question).
    const sameTopic = chain !== undefined && turn.contentTerms.some((term) => term.length >= MIN_TOPIC_CHARS && chain.terms.has(term));
    // A yes answers a question once: a reply asking again about the very values the user just said
    // yes to ("is it Gartenstraße 66?" — "Ja" — "really Gartenstraße 66?") got no answer it lacked.
    // So does a reply asking again for a go-ahead the user just gave to a yes-or-no question, naming
    // nothing new ("publish now?" — "yes" — "really publish?", loops15; a yes acted on brings news, and
    // "sure, …" to a request for details is an answer under way, not a yes to it).
    const reasked = state.yesOnly && (values.length > 0 || (state.replyYesNo && sameTopic)) && values.every((value) => state.replyValues.has(value)) && (turn.contentAsks === true || acts.includes('request'));
    // A reply given again because the user asked for it again answers that request (answersAskAgain).
    const answered = (state.userAnswered && !reasked) || answersAskAgain(turn, previousReply);
    previousReply = turn.contentHash;
    // The reply before it again but for a fresh ticket or case number: that number is no news (loops17).
    const renumbered = turn.contentIdless !== undefined && turn.contentIdless === previousIdless;
    previousIdless = turn.contentIdless;
    // Nothing new either way: no new output, no answer from the user, nothing of theirs taken up, no new value.
    const stalled = !state.learnt && !answered && (echoed < options.echoTerms || restated >= options.restatedShare) && (renumbered || values.every((value) => state.values.has(value)));
    // A reply performing acts, none of them the chain's (a refusal after a request), does another
    // thing; one performing none (a rule explained again, a lexicon miss) does not tell.
    // A go-ahead asked for again is the same ask, an offer ("shall I publish?") or a request ("please confirm") (loops15).
    const sameThing = reasked || acts.length === 0 || chain === undefined || chain.acts.size === 0 || acts.some((act) => chain.acts.has(act));
    if (stalled && chain && sameThing) {
      chain.count++;
      chain.lastId = turn.id;
      for (const term of turn.contentTerms) chain.terms.add(term);
      for (const act of acts) chain.acts.add(act);
      // A reply that answers a user's question with nothing new restates something, even with no
      // act or value (a promise made again to "is it done?"); courtesies answer no question — but
      // courtesies said again past the loop count while the agent waits for nothing (no question
      // of its own is open) and no reply takes up anything the user newly said (the conversation
      // is over and does not move on) restate the closing. Courtesies while the agent waits for an
      // answer it asked for ("take your time" to "still looking") are waiting; small talk that
      // takes up each new thing the user says moves on.
      chain.quiet &&= echoed === 0;
      chain.carries ||= acts.length > 0 || values.length > 0 || state.userAsked || (chain.quiet && !state.awaiting && chain.count > options.repeats);
      if (chain.carries) consider({ kind: 'content', count: chain.count, hash: chain.hash, lastId: chain.lastId, near: true });
    } else {
      state.chain = { acts: new Set(acts), carries: acts.length > 0 || values.length > 0, quiet: true, terms: new Set(turn.contentTerms), hash: turn.contentHash, count: 1, lastId: turn.id };
    }
    state.know(turn.contentTerms, values);
    for (const term of turn.contentTerms) state.replied.add(term);
    state.learnt = false;
    state.userAnswered = false;
    state.yesOnly = false;
    state.replyYesNo = (turn.contentAsks === true && !acts.includes('request')) || acts.includes('offer');
    state.replyValues = new Set(values);
    state.userAsked = false;
    state.replyAsked = turn.contentAsks !== false || acts.length > 0;
    if (turn.contentAsks === true || acts.includes('request')) state.awaiting = true;
    state.userTerms.clear();
  });
  return best && { ...best };
}
