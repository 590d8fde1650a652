import type { EngineState } from '../render/index.js';

/**
 * Runs the injected summariser over compressed units without a summary (never placeholders,
 * INV-02) and records each summary; the units' new versions make every cache see it.
 * @returns How many units were summarised (0 without a summariser).
 * @internal
 */
export async function summarizeUnits(state: EngineState): Promise<number> {
  const { summarizer } = state.options;
  if (!summarizer) return 0;
  const { log, units, summaries } = state;
  let count = 0;
  for (let index = 0; index < units.length; index++) {
    const unit = log.units[index]!;
    if (units[index]!.fidelity !== 'compressed' || summaries.has(unit.id)) continue;
    const text = await summarizer({ unitId: unit.id, messages: log.unitMessages(index) });
    summaries.set(unit.id, text);
    // A new version makes every cache (rendering, planning, the last view) see the change.
    unit.version++;
    count++;
  }
  return count;
}
