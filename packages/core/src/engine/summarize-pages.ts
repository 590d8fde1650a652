import type { EngineState } from '../render/index.js';
import { writePageSummaries } from '../pages/index.js';

/**
 * Has the injected summariser write the summaries of consolidated pages that have none for their
 * content (see `writePageSummaries`): a page whose call fails, or whose answer is empty or
 * over-long, keeps its extractive summary; the others are still written, and the first error is
 * thrown once the run is over.
 * @returns How many pages got a written summary (0 without a summariser or with consolidation off).
 * @internal
 */
export async function summarizePages(state: EngineState): Promise<number> {
  const { summarizer } = state.options;
  const consolidation = state.pages.consolidation;
  if (!summarizer || !consolidation) return 0;
  const errors: unknown[] = [];
  const { written } = await writePageSummaries(consolidation, summarizer, (error) => errors.push(error));
  if (errors.length > 0) throw errors[0];
  return written;
}
