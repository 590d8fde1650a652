import { contentText, summaryTranscript, type CairnMessage } from '../log/index.js';
import type { Summarizer } from '../options/index.js';
import type { ConsolidatedPage } from './consolidated-page.js';
import type { Consolidation } from './consolidation.js';

/**
 * What an injected summariser is told when it writes a consolidated page's summary: the seed's
 * rule for consolidated pages (keep the conflicts, how the reasoning evolved and the final
 * conclusions) and its anchor rule (ids, values, names, dates verbatim; no literary summary).
 * Constant: every adapter passes it as the system prompt for a consolidated page.
 */
export const CONSOLIDATED_SUMMARY_INSTRUCTIONS =
  'Summarise this stretch of an agent session (a consolidated page of its memory) for the agent itself, who may need any detail of it later. Keep the whole logical thread: every point of conflict or correction (what was proposed, what was rejected and why), how the reasoning evolved from start to end, and the final conclusions or agreements (say which are final). Keep every id, number, date, time, name, place, file path, value and error exactly as written; never replace them with vague words. Use plain sentences or short lines, no headings or markup. Answer with the summary only.';

/** Largest written summary kept, in characters; a longer one falls back to the extractive summary. */
export const MAX_WRITTEN_SUMMARY_CHARS = 8_000;

/** Output tokens asked of the summariser for a consolidated page (the `maxTokens` hint). */
export const WRITTEN_SUMMARY_MAX_TOKENS = 1_024;

/** What one {@link writePageSummaries} run did. @internal */
export interface WritePageSummariesResult {
  /** Pages whose written summary was stored. */
  written: number;
  /** Pages that kept the extractive summary: the summariser threw, answered empty or over-long. */
  fallbacks: number;
}

/**
 * Why a written summary is refused (then the extractive summary stays): not a string, empty, or
 * over-long — more than {@link MAX_WRITTEN_SUMMARY_CHARS} characters, or longer than the text it
 * summarises (no compression at all). `undefined`: accepted.
 * @internal
 */
export function refuseWrittenSummary(text: unknown, sourceChars: number): 'empty' | 'over-long' | undefined {
  if (typeof text !== 'string' || text.trim().length === 0) return 'empty';
  const trimmed = text.trim();
  return trimmed.length > MAX_WRITTEN_SUMMARY_CHARS || trimmed.length > sourceChars ? 'over-long' : undefined;
}

/** What the summariser reads for a page: its messages (level 1), or its sub-pages' summaries (a merged page). */
function pageInput(consolidation: Consolidation, page: ConsolidatedPage): CairnMessage[] {
  if (page.level === 1) {
    const messages: CairnMessage[] = [];
    for (let unit = page.first; unit <= page.last; unit++) messages.push(...consolidation.log.unitMessages(unit));
    return messages;
  }
  return page.children.map((childId, position) => {
    const child = consolidation.get(childId)!;
    return { id: childId, role: 'system', name: `sub-page ${position + 1} (${childId})`, content: consolidation.summary(child) };
  });
}

/**
 * Writes, with the injected summariser, the summary of every consolidated page that has none for
 * its content now (level 1 first, in log order, then merged pages in the order they were made, so
 * a merged page reads its sub-pages' written summaries). One call at a time; each accepted answer
 * is stored at once (a run cut short keeps what it wrote). A summariser that throws, answers
 * empty or over-long (see {@link refuseWrittenSummary}) leaves the page on its extractive summary
 * — the run goes on with the next page and a later run tries again. Never on the assemble path:
 * views use the extractive summary until a written one is stored.
 *
 * @param onError - Told of each summariser error (the run does not stop for it).
 * @internal
 */
export async function writePageSummaries(consolidation: Consolidation, summarizer: Summarizer, onError?: (error: unknown, pageId: string) => void): Promise<WritePageSummariesResult> {
  const result: WritePageSummariesResult = { written: 0, fallbacks: 0 };
  const pages = consolidation.all();
  const ordered = [...pages.filter((page) => page.level === 1), ...pages.filter((page) => page.level > 1)];
  for (const page of ordered) {
    const key = consolidation.contentKey(page);
    if (consolidation.written.get(page.id)?.key === key) continue;
    const messages = pageInput(consolidation, page);
    const sourceChars = page.level === 1 ? summaryTranscript(messages).length : messages.reduce((sum, message) => sum + contentText(message.content).length, 0);
    let text: unknown;
    try {
      text = await summarizer({ unitId: page.id, pageId: page.id, messages, instructions: CONSOLIDATED_SUMMARY_INSTRUCTIONS, maxTokens: WRITTEN_SUMMARY_MAX_TOKENS });
    } catch (error) {
      onError?.(error, page.id);
      result.fallbacks++;
      continue;
    }
    if (refuseWrittenSummary(text, sourceChars) !== undefined) {
      result.fallbacks++;
      continue;
    }
    consolidation.written.set(page.id, { key, summary: (text as string).trim() });
    result.written++;
  }
  return result;
}
