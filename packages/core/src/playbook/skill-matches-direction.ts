import type { PlaybookBullet } from './playbook-types.js';

/** Units at the end of the log whose tool calls count as the current direction's tools. */
export const SKILL_DIRECTION_UNITS = 10;

/**
 * Whether a bullet may be shown in the current direction. Bullets other than skills always may. A
 * skill's preconditions name a phase (`recover`) and evidence about one tool (`trace.toolName`):
 * they match when that tool is part of the current direction — called in the last
 * {@link SKILL_DIRECTION_UNITS} units of the log. A skill learnt from `bash` recoveries is shown while the agent runs `bash`, not while it
 * talks or works with other tools. A skill without a tool in its trace always matches.
 *
 * @param bullet - A playbook bullet.
 * @param directionTools - Tools of the current direction (called in the last units).
 * @internal
 */
export function skillMatchesDirection(bullet: PlaybookBullet, directionTools: ReadonlySet<string>): boolean {
  if (bullet.section !== 'skills') return true;
  const tool = bullet.trace?.toolName;
  return tool === undefined || directionTools.has(tool);
}
