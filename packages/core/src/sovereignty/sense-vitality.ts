import { inferWorkPhase, type CairnMessage, type SessionLog } from '../log/index.js';
import type { LoopSignal, PressureLevels, ResolvedSovereigntyOptions, VitalityPulse } from '../options/index.js';
import { adaptiveThreshold } from './adaptive-threshold.js';
import { hashAssistantTurn, type AssistantTurnHashes } from './assistant-turn-hashes.js';
import { detectLoop } from './detect-loop.js';
import { detectNearLoop } from './detect-near-loop.js';
import { detectRestatementLoop } from './detect-restatement-loop.js';
import { detectStallLoop } from './detect-stall-loop.js';

/** Tool results the recent error rate looks back over. */
export const ERROR_RATE_WINDOW = 10;

/** What {@link senseVitality} reads besides the log. */
export interface SenseVitalityInput {
  sovereignty: ResolvedSovereigntyOptions;
  sessionId: string;
  /** The engine's fixed pressure levels. */
  pressure: PressureLevels;
  turn: number;
  time: number;
  source: VitalityPulse['source'];
  /** Share of the budget the view uses (or would use). */
  usage: number;
  /** Progress from the host (assemble's `progress`), if any. */
  progress: number | undefined;
  /** Hashes already computed, by message (a cache the caller owns). */
  cache?: WeakMap<CairnMessage, AssistantTurnHashes>;
}

/** The vitality of a turn: its pulse, the loop (if any) and the pressure levels in force. */
export interface TurnVitality {
  pulse: VitalityPulse;
  loop: LoopSignal | undefined;
  /** The pressure levels to plan with: the adaptive ones when on, else the engine's own (the same object). */
  pressure: PressureLevels;
}

function hashesOf(log: SessionLog, position: number, cache: WeakMap<CairnMessage, AssistantTurnHashes> | undefined, terms: boolean): AssistantTurnHashes {
  const entry = log.entries[position]!;
  let hashes = cache?.get(entry.message);
  if (hashes) return hashes;
  // An assistant message with calls leads its unit; the unit knows where each result is.
  const unit = log.units[entry.unit]!;
  const results = unit.positions[0] === position ? unit.calls.map((call) => (call.answer >= 0 ? log.entries[call.answer]!.message : undefined)) : [];
  hashes = hashAssistantTurn(entry.message, results, { terms, prompt: terms ? promptBefore(log, position) : [] });
  // Cached once every call is answered (a result that arrives later changes the hashes).
  if (results.length === (entry.message.toolCalls?.length ?? 0) && results.every((result) => result !== undefined)) cache?.set(entry.message, hashes);
  return hashes;
}

/** The user messages between the assistant message at `position` and the assistant message before it (what the stall detector asks: did the user say anything new). */
function promptBefore(log: SessionLog, position: number): CairnMessage[] {
  const prompt: CairnMessage[] = [];
  for (let before = position - 1; before >= 0; before--) {
    const message = log.entries[before]!.message;
    if (message.role === 'assistant') break;
    if (message.role === 'user') prompt.unshift(message);
  }
  return prompt;
}

/**
 * Senses a turn's vitality from the log alone (no state of its own, so it is the same after a
 * restore): hashes the latest assistant messages, detects a loop among the last `window` of them,
 * reads the recent tool error rate, and — when the adaptive threshold is on — moves the yellow and
 * red levels by the same step (red stays at least yellow, passthrough at most yellow). Costs no
 * tokens: nothing here enters the view. @internal
 */
export function senseVitality(log: SessionLog, input: SenseVitalityInput): TurnVitality {
  const { sovereignty, pressure, cache } = input;
  const window = sovereignty.loops?.window ?? 1;
  const turns: AssistantTurnHashes[] = [];
  let errors = 0;
  let results = 0;
  let phase: VitalityPulse['phase'] | undefined;
  for (let position = log.entries.length - 1; position >= 0; position--) {
    const message = log.entries[position]!.message;
    if (message.role === 'user' && phase === undefined) phase = 'waiting';
    if (message.role === 'tool' && results < ERROR_RATE_WINDOW) {
      results++;
      if (message.isError) errors++;
    }
    if (message.role === 'assistant') {
      if (phase === undefined) phase = message.toolCalls && message.toolCalls.length > 0 ? 'acting' : 'thinking';
      if (turns.length < window) turns.push(hashesOf(log, position, cache, sovereignty.loops?.near !== undefined || sovereignty.loops?.restatement !== undefined || sovereignty.loops?.stall !== undefined));
    }
    if (turns.length >= window && results >= ERROR_RATE_WINDOW && phase !== undefined) break;
  }
  turns.reverse();
  const loops = sovereignty.loops;
  const loop = loops
    ? (detectLoop(turns, loops) ??
      (loops.near ? detectNearLoop(turns, { window: loops.window, repeats: loops.repeats, ...loops.near }) : undefined) ??
      (loops.restatement ? detectRestatementLoop(turns, { window: loops.window, repeats: loops.repeats, ...loops.restatement }) : undefined) ??
      (loops.stall ? detectStallLoop(turns, { window: loops.window, repeats: loops.repeats, ...loops.stall }) : undefined))
    : undefined;
  const errorRate = results === 0 ? 0 : errors / results;
  let levels = pressure;
  if (sovereignty.adaptive) {
    const progress = input.progress ?? (sovereignty.adaptive.expectedTurns ? Math.min(1, input.turn / sovereignty.adaptive.expectedTurns) : undefined);
    const yellow = adaptiveThreshold({ base: sovereignty.adaptive.base, progress, errorRate, loop: loop !== undefined });
    const step = yellow - pressure.yellow;
    levels = { yellow, red: Math.min(1, Math.max(yellow, pressure.red + step)), passthrough: Math.min(pressure.passthrough, yellow) };
  }
  const latest = turns[turns.length - 1];
  const lastUnits = log.units.slice(-3);
  const pulse: VitalityPulse = {
    sessionId: input.sessionId,
    turn: input.turn,
    time: input.time,
    source: input.source,
    pressure: input.usage,
    phase: phase ?? 'waiting',
    workPhase: inferWorkPhase(
      lastUnits.flatMap((unit) => unit.calls.map((call) => call.name)),
      lastUnits.length > 0 && lastUnits[lastUnits.length - 1]!.isError,
    ),
    contentHash: phase === 'waiting' ? '' : (latest?.contentHash ?? ''),
    callsHash: phase === 'waiting' ? '' : (latest?.callsHash ?? ''),
    messages: log.entries.length,
    stuck: loop !== undefined,
    threshold: levels.yellow,
  };
  if (loop) pulse.loop = loop;
  return { pulse, loop, pressure: levels };
}
