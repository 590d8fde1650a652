import type { LoopSignal } from '../options/index.js';
import type { ViewBrief } from '../render/index.js';
import { loopNotice } from '../sovereignty/index.js';

/**
 * The brief of a turn: the loop notice (while a loop is detected) first, then the dead-end brief in
 * what the notice leaves of `maxTokens`. Both are counted in the budget (the brief's tokens are
 * reserved before planning). Without a loop this is exactly the dead-end brief. @internal
 */
export function turnBrief(
  loop: LoopSignal | undefined,
  maxTokens: number,
  countTokens: (text: string) => number,
  deadEnds: ((maxTokens: number) => ViewBrief | undefined) | undefined,
): ViewBrief | undefined {
  if (!loop) return deadEnds?.(maxTokens);
  const notice = loopNotice(loop);
  const noticeTokens = countTokens(notice) + 2;
  if (noticeTokens > maxTokens) return deadEnds?.(maxTokens);
  const rest = deadEnds?.(maxTokens - noticeTokens);
  if (!rest || rest.text.length === 0) return { id: 'cairn:loop', text: notice, sourceIds: [loop.lastId] };
  return { text: `${notice}\n\n${rest.text}`, sourceIds: [...new Set([loop.lastId, ...rest.sourceIds])] };
}
