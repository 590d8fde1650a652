import { compressText } from '../text/index.js';
import { markerField } from '../text/index.js';
import { neutralizeMarkup } from '../text/index.js';
import type { SessionLog } from '../log/index.js';
import { contentText, contentTokensOf, countMessageTokens, type TokenCounter } from '../log/index.js';
import type { CairnMessage, Role, ViewMessage } from '../log/index.js';
import type { Unit, UnitRendering } from '../log/index.js';
import { compressedToolCalls } from './compressed-tool-calls.js';
import { runContents } from './run-contents.js';

/** Content of the synthetic result that answers a call that never got one. */
export const NO_RESULT_TEXT = '[cairn:no-result] No result was recorded for this tool call.';
const MIN_COMPRESSED_TOKENS = 16;
const MAX_ARGUMENT_CHARS = 240;
const RELATED_LIMIT = 4;
/** Squeezed renderings kept per unit: the fallback halves a cap at most a few times a turn. */
const MAX_SQUEEZED_RENDERINGS = 8;

/** What rendering needs besides the unit. @internal */
export interface RenderContext {
  readonly log: SessionLog;
  readonly counter: TokenCounter;
  readonly compressionRatio: number;
  readonly summaries: ReadonlyMap<string, string>;
  /** Units squeezed this turn (budget fallback): most content tokens per message. */
  readonly squeeze?: ReadonlyMap<number, number>;
  /** The page id of a unit (shown in placeholders, the id to consult). */
  readonly pageId?: (unit: number) => string;
  /** Most tokens a page id takes (with `pageId`). */
  readonly pageIdTokens?: number;
}

function view(message: CairnMessage, fields: Partial<ViewMessage>, sourceIds: readonly string[]): ViewMessage {
  const rendered: ViewMessage = { ...message, sourceIds, fidelity: 'full', ...fields };
  return rendered;
}

/** The synthetic error results that answer a unit's unanswered calls. @internal */
export function missingResults(unit: Unit): ViewMessage[] {
  return unit.calls
    .filter((call) => call.answer < 0)
    .map((call) => ({
      id: `cairn:no-result:${call.id}`,
      role: 'tool' as const,
      toolCallId: call.id,
      name: call.name,
      content: NO_RESULT_TEXT,
      isError: true,
      sourceIds: [unit.id],
      fidelity: 'full' as const,
      synthetic: true,
    }));
}

function orphanText(message: CairnMessage): string {
  return `[cairn:orphan-result call=${message.toolCallId === undefined ? 'none' : markerField(message.toolCallId)} tool=${message.name === undefined ? 'unknown' : markerField(message.name)}] A tool result whose call is not in this conversation:\n${contentText(message.content)}`;
}

/** Tokens of rendered messages, by the engine's counter. @internal */
export function sumTokens(messages: readonly ViewMessage[], counter: TokenCounter): number {
  let total = 0;
  for (const message of messages) total += countMessageTokens(message, counter);
  return total;
}

/**
 * Renders a unit at full fidelity: its stored messages verbatim (results right after their
 * call), plus a synthetic error result for each call that was never answered. An orphan tool
 * result renders as a user message that quotes it, so no provider sees a result without a call.
 * @internal
 */
export function renderFull(unit: Unit, context: RenderContext): UnitRendering {
  const messages = context.log.unitMessages(unit.index);
  if (unit.kind === 'orphan-result') {
    const message = messages[0]!;
    const rendered = [
      { id: message.id, role: 'user' as const, content: orphanText(message), sourceIds: [message.id], fidelity: 'full' as const, synthetic: true },
    ];
    return { messages: rendered, tokens: sumTokens(rendered, context.counter) };
  }
  const rendered: ViewMessage[] = messages.map((message) => view(message, {}, [message.id]));
  if (unit.openCalls === 0) return { messages: rendered, tokens: unit.messageTokens };
  const missing = missingResults(unit);
  rendered.push(...missing);
  return { messages: rendered, tokens: unit.messageTokens + sumTokens(missing, context.counter) };
}

function relatedLine(unit: Unit, log: SessionLog): string {
  if (unit.edges.length === 0) return '';
  const ids = unit.edges.slice(0, RELATED_LIMIT).map((edge) => markerField(log.units[edge.to]!.id));
  return `\n[cairn:related ${ids.join(' ')}]`;
}

function compressContent(message: CairnMessage, tokens: number, context: RenderContext, header: string, maxTokens?: number, textTokens?: number): string {
  const text = contentText(message.content);
  const budget = maxTokens ?? Math.max(MIN_COMPRESSED_TOKENS, Math.ceil(tokens * context.compressionRatio));
  const compressed = compressText(text, { maxTokens: budget, countTokens: context.counter.count, ...(textTokens === undefined ? {} : { textTokens }) });
  return `${header} ${neutralizeMarkup(compressed.text)}`;
}

/**
 * Renders a unit compressed: extractive, anchor-preserving text per message (or the cached
 * summary of the unit), tool calls kept with shortened arguments, results kept with their
 * calls, and a `[cairn:related …]` line naming the units it refers to (the semantic context
 * graph's edges). Cached per unit version. @internal
 */
export function renderCompressed(unit: Unit, context: RenderContext): UnitRendering {
  const cap = context.squeeze?.get(unit.index);
  if (cap === undefined && unit.compressedCache && unit.compressedCache.version === unit.version) return unit.compressedCache.rendering;
  const squeezed = unit.squeezedCache?.version === unit.version ? unit.squeezedCache.renderings : undefined;
  if (cap !== undefined) {
    const cached = squeezed?.get(cap);
    if (cached) return cached;
  }
  const { log } = context;
  const messages = log.unitMessages(unit.index);
  const summary = context.summaries.get(unit.id);
  const rendered: ViewMessage[] = messages.map((message, offset) => {
    const tokens = log.entries[unit.positions[offset]!]!.tokens;
    const header = `[cairn:compressed id=${markerField(message.id)}]`;
    let content =
      offset === 0 && summary !== undefined
        ? `[cairn:summary id=${markerField(message.id)}] ${neutralizeMarkup(summary)}`
        : unit.kind === 'orphan-result'
          ? compressContent({ ...message, content: orphanText(message) }, tokens, context, header, cap)
          : compressContent(message, tokens, context, header, cap, contentTokensOf(message, tokens, context.counter));
    // A squeezed rendering (the budget fallback's) drops the related line: it only points at other
    // units, and at that budget every token of the message itself counts.
    if (offset === 0 && cap === undefined) content += relatedLine(unit, log);
    const fields: Partial<ViewMessage> = { content, fidelity: 'compressed' };
    if (unit.kind === 'orphan-result') Object.assign(fields, { role: 'user', toolCallId: undefined, synthetic: true });
    if (message.toolCalls) fields.toolCalls = compressedToolCalls(message.toolCalls, MAX_ARGUMENT_CHARS);
    const copy = view(message, fields, [message.id]);
    if (unit.kind === 'orphan-result') delete copy.toolCallId;
    return copy;
  });
  if (unit.openCalls > 0) rendered.push(...missingResults(unit));
  const rendering = { messages: rendered, tokens: sumTokens(rendered, context.counter) };
  if (cap === undefined) unit.compressedCache = { version: unit.version, rendering };
  else rememberSqueezed(unit, squeezed, cap, rendering);
  return rendering;
}

/**
 * Keeps a squeezed rendering for later turns: at a tight budget the fallback squeezes the same
 * mandatory units (the system prompt, the latest turn) to the same caps turn after turn, and
 * compressing a long text again each time is most of a turn's cost. Rendering is a pure function
 * of the unit's version and the cap, so what is cached never changes a view.
 */
function rememberSqueezed(unit: Unit, renderings: Map<number, UnitRendering> | undefined, cap: number, rendering: UnitRendering): void {
  const kept = renderings ?? new Map<number, UnitRendering>();
  if (!renderings) unit.squeezedCache = { version: unit.version, renderings: kept };
  if (kept.size >= MAX_SQUEEZED_RENDERINGS) kept.delete(kept.keys().next().value!);
  kept.set(cap, rendering);
}

/** The role a placeholder of this unit takes: its lead's role (tool output counts as assistant). */
export function placeholderRole(unit: Unit): Role {
  if (unit.kind === 'user' || unit.kind === 'orphan-result') return 'user';
  if (unit.kind === 'system') return 'system';
  return 'assistant';
}

function head(text: string, maxChars: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= maxChars) return flat;
  return `${flat.slice(0, maxChars).replace(/\s\S*$/, '')}…`;
}

/** Says what a unit held and how to get it back (its id). @internal */
export function placeholderText(unit: Unit, context: RenderContext, fullTokens: number): string {
  const messages = context.log.unitMessages(unit.index);
  const lead = messages[0]!;
  const page = context.pageId ? ` page=${context.pageId(unit.index)}` : '';
  const prefix = `[cairn:placeholder id=${markerField(unit.id)}${page}]`;
  if (unit.kind === 'tool-exchange') {
    const names = [...new Set(unit.calls.map((call) => call.name))].slice(0, 3).map(markerField).join(', ');
    const failed = messages.filter((message) => message.isError).length;
    const outcome = failed > 0 ? `${failed} failed` : unit.openCalls > 0 ? 'no result' : 'ok';
    return `${prefix} assistant called ${names} (${outcome}, ${fullTokens} tokens)`;
  }
  const who = lead.name ? `${placeholderRole(unit)} ${markerField(lead.name)}` : placeholderRole(unit);
  return `${prefix} ${who}: "${neutralizeMarkup(head(contentText(lead.content), 40))}"`;
}

/**
 * The text of a merged run of two or more placeholders, in the pieces it is joined from: each
 * piece after the first starts with a space that follows a non-space character, so a counter
 * that adds up at spaces counts the text as the sum of its pieces. @internal
 */
export interface PlaceholderRunText {
  /** `[cairn:placeholder from=<first id>` */
  readonly from: string;
  /** ` to=<last id>` */
  readonly to: string;
  /** ` count=<messages>[ pages=<first>..<last>]]` */
  readonly count: string;
  /** ` tool calls: <tally>[; <n> failed]`, or empty without tool calls. */
  readonly tools: string;
}

/** The piece of a merged run's text that names its first unit ({@link PlaceholderRunText.from}). @internal */
export function runFromPiece(id: string): string {
  return `[cairn:placeholder from=${markerField(id)}`;
}

/** The piece of a merged run's text that names its last unit ({@link PlaceholderRunText.to}). @internal */
export function runToPiece(id: string): string {
  return ` to=${markerField(id)}`;
}

/**
 * Renders a run of consecutive placeholder units as one message, so a view never holds two
 * placeholders in a row (CAM INV-04) and the cost of dropped history stays bounded. @internal
 */
export function renderPlaceholderRun(units: readonly Unit[], context: RenderContext, texts: readonly string[]): ViewMessage {
  return renderPlaceholderRunParts(units, context, texts).message;
}

/** Tools shown in a run's tally at most. */
const TALLY_TOOLS = 3;

/**
 * The run's tool tally: the three most called tools (ties: by name), `name×count` joined by
 * commas — picked in one pass over the tools (a run's tally is made for every merged run of a
 * new question's view, and sorting them all was a large share of rendering the runs). @internal
 */
export function toolTally(tools: ReadonlyMap<string, number>): string {
  return tallyOf([...tools.keys()], [...tools.values()]);
}

/** {@link toolTally} of the tools `names` called `calls[i]` times each (the names distinct). */
function tallyOf(allNames: readonly string[], allCounts: readonly number[]): string {
  const names: string[] = [];
  const counts: number[] = [];
  for (let index = 0; index < allNames.length; index++) {
    const name = allNames[index]!;
    const count = allCounts[index]!;
    let at = names.length;
    while (at > 0 && (counts[at - 1]! < count || (counts[at - 1] === count && name < names[at - 1]!))) at--;
    if (at >= TALLY_TOOLS) continue;
    names.splice(at, 0, name);
    counts.splice(at, 0, count);
    if (names.length > TALLY_TOOLS) {
      names.pop();
      counts.pop();
    }
  }
  let tally = '';
  for (let index = 0; index < names.length; index++) tally += `${index > 0 ? ', ' : ''}${markerField(names[index]!.slice(0, 32))}×${counts[index]!}`;
  return tally;
}

/** {@link renderPlaceholderRun}, with the pieces of a merged run's text (`undefined` for one unit). @internal */
export function renderPlaceholderRunParts(units: readonly Unit[], context: RenderContext, texts: readonly string[]): { message: ViewMessage; parts?: PlaceholderRunText } {
  const first = units[0]!;
  const last = units[units.length - 1]!;
  if (units.length === 1) {
    const { entries } = context.log;
    const sourceIds: string[] = [];
    for (const position of first.positions) sourceIds.push(entries[position]!.message.id);
    return { message: { id: `cairn:placeholder:${first.id}`, role: placeholderRole(first), content: texts[0]!, sourceIds, fidelity: 'placeholder', synthetic: true } };
  }
  // The run's ids, tools and failures: for the settled units, from the log's run index (a new
  // question's view reshapes runs that hold most of the log); the tally does not depend on the
  // order the tools are met.
  const contents = runContents(context.log, units);
  const { sourceIds } = contents;
  const distinct = contents.names.length;
  const tally = tallyOf(contents.names, contents.counts);
  const { failed } = contents;
  const toolPart = distinct > 0 ? `; tool calls: ${tally}${distinct > 3 ? ', …' : ''}${failed > 0 ? `; ${failed} failed` : ''}` : '';
  const pages = context.pageId ? ` pages=${context.pageId(first.index)}..${context.pageId(last.index)}` : '';
  const parts: PlaceholderRunText = {
    from: runFromPiece(first.id),
    to: runToPiece(last.id),
    count: ` count=${sourceIds.length}${pages}]`,
    tools: toolPart ? ` ${toolPart.slice(2)}` : '',
  };
  const content = parts.from + parts.to + parts.count + parts.tools;
  const role = placeholderRole(first) === 'system' ? 'user' : placeholderRole(first);
  return { message: { id: `cairn:placeholder:${first.id}:${last.id}`, role, content, sourceIds, fidelity: 'placeholder', synthetic: true }, parts };
}
