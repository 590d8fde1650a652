import type { EngineState } from './engine-state.js';
import type { AssembleResult } from './engine-types.js';
import { argumentsText, contentText } from '../log/index.js';
import type { ViewMessage } from '../log/index.js';
import { isBackgroundMessageId } from './fold-background.js';

/** The PCP protocol version the XML view declares. */
export const PAGED_CONTEXT_VERSION = '1.0';
/** Ids of the synthetic messages that go to the registry, not to the linear flow. */
const BRIEF_IDS = new Set(['cairn:dead-ends', 'cairn:reasoning-trace', 'cairn:page-index']);
const XML_ESCAPES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' };

/**
 * Escapes text for XML content and attributes: `<`, `>`, `&` and `"` become entities, so no
 * content can open, close or imitate a tag (`</Node>`, `<PagedContext>`), and control characters
 * other than line breaks and tabs become blanks. @internal
 */
export function escapeXml(text: string): string {
  return text.replace(/[<>&"]/g, (char) => XML_ESCAPES[char]!).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, ' ');
}

/** A time for the XML view: an ISO time for epoch milliseconds, the number itself otherwise. */
function formatTime(value: number | undefined): string {
  if (value === undefined || !Number.isFinite(value)) return '';
  return value >= 1e11 && value < 1e14 ? new Date(value).toISOString().slice(0, 19) : String(value);
}

const INSTRUCTIONS = [
  '- Original: original evidence/dialogue node (non-deconstructible).',
  '- Consolidated: a run of pages shown as one node (consult its id first..last to list its pages).',
  '- view="Summary": abstract; view="Detail": full text.',
  '- consult(ids, reason): show pages in full; shelve(ids, reason): fold them back to clean the horizon.',
].join('\n      ');

function messageLine(message: ViewMessage): string {
  const who = message.name ? `${message.role} ${message.name}` : message.role;
  const lines = [`${who}: ${contentText(message.content)}`];
  for (const call of message.toolCalls ?? []) lines.push(`${who} called ${call.name}(${argumentsText(call.arguments)})`);
  return lines.join('\n');
}

/**
 * Renders an assembled view as the seed's `PagedContext` XML in one user message: the static
 * registry (CURRENT_TIME from the injected clock, the zoom instructions, the dead-end brief), the
 * query, the reasoning trace (latest consult / shelve steps) and the linear flow — one `Node` per
 * page in view order (a placeholder run is one `Consolidated` node named `first..last`), with
 * `id`, `type`, `view` (full: Detail; compressed or placeholder: Summary) and `timestamp`.
 * Every text is escaped ({@link escapeXml}). @internal
 */
export function renderPagedContext(state: EngineState, result: AssembleResult, query: string | undefined): ViewMessage {
  const { pages, options } = state;
  const nodes: string[] = [];
  const briefs: string[] = [];
  let pageIndex: string | undefined;
  const sourceIds: string[] = [];
  let open: { key: string; head: string; view: string; lines: string[] } | undefined;
  const flush = () => {
    if (!open) return;
    const tag = open.view === 'Detail' ? 'Content' : 'Summary';
    nodes.push(`${open.head}\n      <${tag}>${escapeXml(open.lines.join('\n'))}</${tag}>\n    </Node>`);
    open = undefined;
  };
  for (const message of result.messages) {
    for (const id of message.sourceIds) sourceIds.push(id);
    // A Background_Context block (pages.consolidation.background) is its own element, where the block sits in the chat view.
    if (isBackgroundMessageId(message.id)) {
      flush();
      nodes.push(`    <Background_Context>${escapeXml(contentText(message.content))}</Background_Context>`);
      continue;
    }
    if (BRIEF_IDS.has(message.id)) {
      const text = contentText(message.content);
      if (message.id === 'cairn:dead-ends') briefs.push(text.split(/\n\n\[cairn:(?:reasoning-trace|page-index)\]/)[0]!);
      const index = text.indexOf('[cairn:page-index]');
      if (index >= 0) pageIndex = text.slice(index);
      continue;
    }
    const units = message.sourceIds.map((id) => pages.resolve(id)).filter((unit): unit is number => unit !== undefined);
    const first = units.length > 0 ? Math.min(...units) : undefined;
    const last = units.length > 0 ? Math.max(...units) : undefined;
    const run = first !== undefined && last !== undefined && last > first;
    const id = first === undefined ? message.id : run ? `${pages.idOf(first)}..${pages.idOf(last!)}` : pages.idOf(first);
    const view = message.fidelity === 'full' ? 'Detail' : 'Summary';
    const key = `${id}|${view}`;
    if (open?.key !== key) {
      flush();
      const lead = first === undefined ? undefined : state.log.entries[state.log.units[first]!.positions[0]!]!.message;
      const type = run ? 'Consolidated' : 'Original';
      const count = run ? ` pages="${last! - first! + 1}"` : '';
      open = { key, head: `    <Node id="${escapeXml(id)}" type="${type}" view="${view}" timestamp="${formatTime(lead?.timestamp)}"${count}>`, view, lines: [] };
    }
    open.lines.push(messageLine(message));
  }
  flush();
  const steps = pages.trace.slice(-options.pages.traceSteps).map(
    (step) => `    <Step action="${step.action}" target="${escapeXml(step.targets.join(' '))}" reason="${step.auto ? 'by cairn: ' : ''}${step.reason}" />`,
  );
  const registry = [
    `    <ST-Node id="CURRENT_TIME" value="${escapeXml(formatTime(options.now()))}" />`,
    `    <System_Instructions>\n      ${INSTRUCTIONS}\n    </System_Instructions>`,
    ...briefs.map((brief) => `    <Known_Dead_Ends>${escapeXml(brief)}</Known_Dead_Ends>`),
    ...(pageIndex === undefined ? [] : [`    <Page_Index>${escapeXml(pageIndex)}</Page_Index>`]),
  ];
  const xml = [
    `<PagedContext version="${PAGED_CONTEXT_VERSION}">`,
    `  <Static_Registry>\n${registry.join('\n')}\n  </Static_Registry>`,
    `  <Query>${escapeXml(query ?? '')}</Query>`,
    `  <Reasoning_Trace>${steps.length > 0 ? `\n${steps.join('\n')}\n  ` : ''}</Reasoning_Trace>`,
    `  <Linear_Flow>${nodes.length > 0 ? `\n${nodes.join('\n')}\n  ` : ''}</Linear_Flow>`,
    '</PagedContext>',
  ].join('\n');
  return { id: 'cairn:paged-context', role: 'user', content: xml, sourceIds: [...new Set(sourceIds)], fidelity: 'full', synthetic: true };
}
