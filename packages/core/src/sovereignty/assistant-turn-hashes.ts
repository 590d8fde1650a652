import { contentText, type CairnMessage } from '../log/index.js';
import { callSignature, classifyToolEffect } from '../dead-ends/index.js';
import { hashText } from '../text/index.js';
import { argumentLeaves, termSet, valueTokens, type ArgumentLeaf } from './near-repeat-features.js';
import { affirms, dialogueActs, type DialogueAct } from './dialogue-acts.js';
import { statesStandingOrder } from './standing-orders.js';
import { reportsNoChange } from './no-op-change.js';
import { namedIdsMasked, outputNumbers, steadyOutputText } from './steady-output.js';
import { shortHexIdsMasked } from './short-hex-ids.js';
import { callQuestion, MAX_SUBJECT_CHARS } from './call-subject.js';
import { requestedRepeats } from './requested-repeats.js';
import { asksAgain } from './asks-again.js';
import { idNumbersMasked } from './masked-reply.js';
import { targetSignature } from './target-spelling.js';

/** One tool call of an assistant message, as the loop detector sees it. */
export interface CallObservation {
  /** Hash of the call: name and canonical arguments. */
  callHash: string;
  /** Hash of the call with every name in its arguments spelled one way (`targetSignature`: `CKT-3`, `ckt 3` and `tank_id` for `tank` alike, loops18); absent without terms. */
  targetHash?: string;
  /** Hash of its result's text (whitespace and case folded); `''` while unanswered. */
  resultHash: string;
  /** Hash of its result's text with volatile tokens (clock times, dates, durations, generated ids) masked ({@link steadyOutputText}): the outcome, for the stall detector; absent without terms or while unanswered. */
  steadyHash?: string;
  /** Hash of its masked result with every number replaced ({@link outputNumbers}): with `outputNumbers`, tells counters that rise by one from values that moved; absent without terms, while unanswered or with too many numbers. */
  outputShape?: string;
  /** The numbers of its masked result, in order ({@link outputNumbers}); absent as `outputShape` is. */
  outputNumbers?: readonly number[];
  /** Hash of its masked result with every value named an id by its key masked too ({@link namedIdsMasked}: a fresh request or run id); absent when it names none, without terms or while unanswered. */
  idlessHash?: string;
  /** Hash of its masked result with shorter standalone hexadecimal ids masked too ({@link shortHexIdsMasked}: `a4b8bd`, a query id; loops18); absent when it names none, without terms or while unanswered. */
  shortIdlessHash?: string;
  /** The call changed state successfully (an edit, a write, an install … whose result is not an error, flagged or said; with terms, not one whose answer says it changed nothing: {@link reportsNoChange}, loops16). */
  changed: boolean;
  toolName: string;
  /** Its result is an error (`isError`, or its text opens by saying it failed: `Error: …`). */
  failed: boolean;
  /** Its arguments' leaves (for near repeats: which values may vary a little and which not); `[]` without terms. */
  argumentLeaves: readonly ArgumentLeaf[];
  /** Distinct terms of the start of its result (for near repeats: the same outcome); `[]` without terms. */
  resultTerms: readonly string[];
  /** The whole numbers in its arguments (a line, a page, a range; at most {@link MAX_ARGUMENT_NUMBERS}, for the stall detector: the same place asked for again); absent without terms. */
  argumentNumbers?: readonly number[];
  /** Distinct terms of its arguments' first {@link MAX_SUBJECT_CHARS} characters (what the agent put into the call: a result that only echoes them tells it nothing); absent without terms. */
  argumentTerms?: readonly string[];
  /** What the call asks about (`callSubject`); absent without terms. */
  subjectTerms?: readonly string[];
  /** The names in its arguments (`callNames`: ids, paths, identifiers, values); absent without terms. */
  subjectNames?: readonly string[];
}

/** A masked result's hash, shape and numbers (see {@link CallObservation}). */
function steadyFields(steady: string): Pick<CallObservation, 'steadyHash' | 'outputShape' | 'outputNumbers' | 'idlessHash' | 'shortIdlessHash'> {
  const read = outputNumbers(steady);
  const idless = namedIdsMasked(steady);
  const shortIdless = shortHexIdsMasked(steady);
  return {
    steadyHash: hashText(steady),
    ...(read === undefined ? {} : { outputShape: hashText(read.shape), outputNumbers: read.numbers }),
    ...(idless === undefined ? {} : { idlessHash: hashText(idless) }),
    ...(shortIdless === undefined ? {} : { shortIdlessHash: hashText(shortIdless) }),
  };
}

/** Most whole numbers kept from a call's arguments. */
export const MAX_ARGUMENT_NUMBERS = 16;
const WHOLE_NUMBER = /\d+/g;

function argumentNumbers(args: unknown): number[] {
  const text = typeof args === 'string' ? args : (JSON.stringify(args) ?? '');
  const numbers: number[] = [];
  for (const match of text.matchAll(WHOLE_NUMBER)) {
    if (numbers.length >= MAX_ARGUMENT_NUMBERS) break;
    numbers.push(Number(match[0].slice(0, 15)));
  }
  return numbers;
}

/** A call's arguments as text, at most {@link MAX_SUBJECT_CHARS} characters (what a result may echo of them). */
function argumentText(args: unknown): string {
  return (typeof args === 'string' ? args : (JSON.stringify(args) ?? '')).slice(0, MAX_SUBJECT_CHARS);
}

/** The hashes of one assistant message: what the pulse reports and the loop detector counts. */
export interface AssistantTurnHashes {
  /** The message's log id. */
  id: string;
  /** Hash of its text, whitespace collapsed and case folded; `''` when it has no text. */
  contentHash: string;
  /** Its tool calls, in call order. */
  calls: CallObservation[];
  /** Hash of all its calls together (names and arguments); `''` when it made none. */
  callsHash: string;
  /** Distinct terms of its text (for near repeats: the same reply in other words). */
  contentTerms: readonly string[];
  /** Value tokens of its text (numbers, ids, dates: a reply naming new ones reports something new); `[]` without terms. */
  contentValues: readonly string[];
  /** The dialogue acts of its text (a reply without tool calls; for the stall detector); absent without terms. */
  contentActs?: readonly DialogueAct[];
  /** Distinct terms of the user's turn right before it (the user messages since the previous assistant message); absent without terms or without such a turn. */
  promptTerms?: readonly string[];
  /** Value tokens of that user turn; absent without terms or without such a turn. */
  promptValues?: readonly string[];
  /** That user turn says yes (agrees, confirms, tells the agent to go ahead); absent without terms or without such a turn. */
  promptAffirms?: boolean;
  /** That user turn asks something (has a question mark, in any script: `?`, `？`, `¿`, `؟`); absent without terms or without such a turn. */
  promptAsks?: boolean;
  /** How many runs of one thing that user turn asks for (`run it 5 times`: {@link requestedRepeats}); absent without terms, without such a turn or when it names no count. */
  promptRepeats?: number;
  /** That user turn asks for something again (`say that once more`, `다시 한 번만요`: {@link asksAgain}); absent without terms, without such a turn or when it does not. */
  promptAsksAgain?: boolean;
  /** Who said that user turn: the `name` its user messages share (a person of several answering the agent); absent without terms, without such a turn, or when they name none or several (loops15). */
  promptSpeaker?: string;
  /** That user turn states a standing order, a step to take for each item ({@link statesStandingOrder}: "verify the hash at every custody step"); absent without terms, without such a turn or when it does not (loops15). */
  promptStandingOrder?: boolean;
  /** Distinct terms of the text beside its tool calls (the call's narration: "checking tray 2"); absent without terms, without calls or without text (loops15). */
  narrationTerms?: readonly string[];
  /** Its text asks something (has a question mark, in any script; a reply without tool calls); absent without terms. */
  contentAsks?: boolean;
  /** Hash of its text with id-like numbers masked ({@link idNumbersMasked}: a fresh ticket or case number); a reply without tool calls, absent without terms (loops17). */
  contentIdless?: string;
  /** Hash of that user turn's text (whitespace and case folded); absent without terms or without such a turn. */
  promptHash?: string;
  /** Hash of that user turn's text with volatile tokens masked ({@link steadyOutputText}: a stamp, a generated id); absent when it holds none, without terms or without such a turn. */
  promptSteadyHash?: string;
}

/**
 * A result that opens by saying it failed (`Error: queue is closed`, `ERROR: permission denied`,
 * `Failed: …`): a tool that reports its failure in its text without flagging it failed all the
 * same — a change it answered so did not happen.
 */
const OPENS_WITH_FAILURE = /^\W{0,3}(?:error|fatal(?: error)?|failed|failure)\s?[:!]/i;

/** Whether a tool result failed: flagged `isError`, or its text opens by saying so ({@link OPENS_WITH_FAILURE}). */
export function resultFailed(result: CairnMessage | undefined, text: string): boolean {
  return result !== undefined && (result.isError === true || OPENS_WITH_FAILURE.test(text));
}

/** A question mark in any script: `?`, the full-width `？` (Chinese, Japanese), the opening `¿` (Spanish), the Arabic `؟`. */
const QUESTION_MARK = /[?\uff1f\u00bf\u061f]/;

/** Characters of a tool result compared for near repeats (an error's message comes first). */
const RESULT_PREFIX_CHARS = 600;

const BLANKS = /\s+/g;

function fold(text: string): string {
  return text.replace(BLANKS, ' ').trim().toLowerCase();
}

/**
 * Hashes an assistant message for the vitality pulse and loop detection: its text (whitespace
 * runs collapsed, case folded, so a reply repeated with other line breaks is the same), each tool
 * call (name plus arguments as canonical JSON: key order does not matter, any changed value does)
 * with the hash of its result, and whether the call changed state successfully (its effect is a
 * change, per `classifyToolEffect`, and its result is not an error). Deterministic; costs no tokens.
 *
 * @param message - An assistant message.
 * @param results - The tool results of its calls, in call order (`undefined` while unanswered).
 * @param options - `terms`: also keep what near-repeat detection compares — term sets, argument
 *   leaves, value tokens, dialogue acts (off: empty lists, so engines without near detection keep
 *   none of it); `prompt`: the user messages since the previous assistant message (with `terms`,
 *   their terms and values are kept too, for the stall detector: did the user say anything new).
 * @returns Its hashes.
 *
 * @example
 * ```ts
 * hashAssistantTurn({ id: 'a1', role: 'assistant', content: 'Done.' }).contentHash; // 11 characters
 * ```
 */
export function hashAssistantTurn(
  message: CairnMessage,
  results: readonly (CairnMessage | undefined)[] = [],
  { terms = false, prompt = [] }: { terms?: boolean; prompt?: readonly CairnMessage[] } = {},
): AssistantTurnHashes {
  const text = fold(contentText(message.content));
  const calls = (message.toolCalls ?? []).map((call, index): CallObservation => {
    const result = results[index];
    const resultText = result ? contentText(result.content) : '';
    const failed = resultFailed(result, resultText);
    return {
      callHash: hashText(callSignature(call.name, call.arguments).exact),
      resultHash: result ? hashText(fold(resultText)) : '',
      changed: result !== undefined && !failed && classifyToolEffect(call.name, call.arguments) === 'change' && !(terms && reportsNoChange(resultText)),
      toolName: call.name,
      failed,
      argumentLeaves: terms ? argumentLeaves(call.arguments) : [],
      resultTerms: terms ? termSet(resultText.slice(0, RESULT_PREFIX_CHARS)) : [],
      ...(terms ? { targetHash: hashText(targetSignature(call.name, call.arguments)), argumentNumbers: argumentNumbers(call.arguments), argumentTerms: termSet(argumentText(call.arguments)), ...callQuestion(call.name, call.arguments) } : {}),
      ...(terms && result ? steadyFields(steadyOutputText(fold(resultText))) : {}),
    };
  });
  const reply = terms && calls.length === 0 && text.length > 0;
  const hashes: AssistantTurnHashes = {
    id: message.id,
    contentHash: text.length === 0 ? '' : hashText(text),
    calls,
    callsHash: calls.length === 0 ? '' : hashText(calls.map((call) => call.callHash).join(',')),
    contentTerms: reply ? termSet(text) : [],
    contentValues: reply ? valueTokens(text) : [],
  };
  if (!terms) return hashes;
  if (reply) {
    hashes.contentActs = dialogueActs(text);
    hashes.contentAsks = QUESTION_MARK.test(text);
    hashes.contentIdless = hashText(idNumbersMasked(text));
  }
  if (calls.length > 0 && text.length > 0) hashes.narrationTerms = termSet(text);
  const said = prompt.filter((turn) => turn.role === 'user').map((turn) => contentText(turn.content)).join('\n');
  if (said.trim().length > 0) {
    hashes.promptTerms = termSet(said);
    hashes.promptValues = valueTokens(said);
    hashes.promptAffirms = affirms(said);
    hashes.promptAsks = QUESTION_MARK.test(said);
    const repeats = requestedRepeats(said);
    if (repeats !== undefined) hashes.promptRepeats = repeats;
    if (asksAgain(said)) hashes.promptAsksAgain = true;
    if (statesStandingOrder(said)) hashes.promptStandingOrder = true;
    const speakers = new Set(prompt.filter((turn) => turn.role === 'user').map((turn) => turn.name));
    const [speaker] = speakers;
    if (speakers.size === 1 && speaker !== undefined) hashes.promptSpeaker = speaker;
    const folded = fold(said);
    const steady = steadyOutputText(folded);
    hashes.promptHash = hashText(folded);
    if (steady !== folded) hashes.promptSteadyHash = hashText(steady);
  }
  return hashes;
}
