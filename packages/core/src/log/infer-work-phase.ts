import type { WorkPhase } from './types.js';

const VERIFY = /test|check|verify|validat|assert|lint|review|confirm/i;
const ACT = /edit|write|creat|updat|delet|remov|insert|book|cancel|send|apply|patch|run|exec|commit|deploy|install|modify|submit|transfer|pay|refund|set_|save/i;
const EXPLORE = /search|find|list|read|open|get|view|grep|ls|cat|fetch|look|query|browse|goto|scroll|show|inspect|describe|lookup/i;

/**
 * The work phase a tool name suggests: `verify` (tests, checks), `act` (edits, bookings, runs),
 * `explore` (search, read, list), or `converse` when nothing matches.
 */
export function workPhaseOfTool(toolName: string): WorkPhase {
  if (VERIFY.test(toolName)) return 'verify';
  if (ACT.test(toolName)) return 'act';
  if (EXPLORE.test(toolName)) return 'explore';
  return 'converse';
}

/**
 * Infers what the agent is doing from the tools of a unit (or of the last few units) and
 * whether the latest one failed: a failure means `recover`; otherwise the most frequent tool
 * phase wins (ties: verify > act > explore); no tools means `converse`.
 */
export function inferWorkPhase(toolNames: readonly string[], lastFailed: boolean): WorkPhase {
  if (lastFailed) return 'recover';
  if (toolNames.length === 0) return 'converse';
  const counts: Record<WorkPhase, number> = { converse: 0, explore: 0, act: 0, verify: 0, recover: 0 };
  for (const name of toolNames) counts[workPhaseOfTool(name)]++;
  let best: WorkPhase = 'converse';
  for (const phase of ['verify', 'act', 'explore'] as const) if (counts[phase] > counts[best]) best = phase;
  return best;
}

/** How well two work phases match: 1 equal, 0.5 neighbours in the explore → act → verify loop, else 0. */
export function workPhaseMatch(unitPhase: WorkPhase, currentPhase: WorkPhase): number {
  if (unitPhase === currentPhase) return 1;
  const loop: WorkPhase[] = ['explore', 'act', 'verify'];
  const a = loop.indexOf(unitPhase);
  const b = loop.indexOf(currentPhase);
  if (a >= 0 && b >= 0 && Math.abs(a - b) === 1) return 0.5;
  if ((unitPhase === 'recover' && currentPhase === 'act') || (unitPhase === 'act' && currentPhase === 'recover')) return 0.5;
  return 0;
}
