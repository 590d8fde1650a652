/**
 * A merged placeholder run's message as `renderPlaceholderRunParts` built it before its ids were
 * written into an array sized up front and its tools tallied in plain arrays: the reference its
 * property test compares against (the same message, the same pieces).
 */
import type { Unit, ViewMessage } from '../../log/index.js';
import { placeholderRole, runFromPiece, runToPiece, toolTally, type PlaceholderRunText, type RenderContext } from '../render-unit.js';

/** The old multi-unit path of `renderPlaceholderRunParts` (two or more units). */
export function referencePlaceholderRunParts(units: readonly Unit[], context: RenderContext): { message: ViewMessage; parts: PlaceholderRunText } {
  const first = units[0]!;
  const last = units[units.length - 1]!;
  const { entries } = context.log;
  const sourceIds: string[] = [];
  const tools = new Map<string, number>();
  let failed = 0;
  for (let at = 0; at < units.length; at++) {
    const unit = units[at]!;
    const { positions, calls } = unit;
    for (let index = 0; index < positions.length; index++) sourceIds.push(entries[positions[index]!]!.message.id);
    for (let index = 0; index < calls.length; index++) {
      const name = calls[index]!.name;
      tools.set(name, (tools.get(name) ?? 0) + 1);
    }
    if (unit.isError) failed++;
  }
  const tally = toolTally(tools);
  const toolPart = tools.size > 0 ? `; tool calls: ${tally}${tools.size > 3 ? ', …' : ''}${failed > 0 ? `; ${failed} failed` : ''}` : '';
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
