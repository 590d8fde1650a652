import type { PlaybookBullet } from './playbook-types.js';

/** Units at the end of the log whose tool calls count as the current direction's tools. */
export const SKILL_DIRECTION_UNITS = 10;

/**
 * Whether a bullet may be shown in the current direction. Bullets other than skills always may.
 * - A skill from a hot experience (`skill.preconditions.direction`) matches while the current
 *   direction aligns with its lesson about as well as its hits did (`minAlignment`: their mean
 *   less two standard deviations and 0.05) and, for a lesson about a tool, while that tool is in use.
 * - A recovery skill's preconditions name a phase (`recover`) and evidence about one tool
 *   (`trace.toolName`): they match when that tool is part of the current direction — called in the
 *   last {@link SKILL_DIRECTION_UNITS} units of the log. A skill learnt from `bash` recoveries is
 *   shown while the agent runs `bash`, not while it talks or works with other tools. A skill
 *   without a tool in its trace always matches.
 *
 * @param bullet - A playbook bullet.
 * @param directionTools - Tools of the current direction (called in the last units).
 * @param alignment - How well a lesson's text aligns with the current direction (cosine, 0–1).
 * @internal
 */
export function skillMatchesDirection(bullet: PlaybookBullet, directionTools: ReadonlySet<string>, alignment: (text: string) => number = () => 0): boolean {
  if (bullet.section !== 'skills') return true;
  const direction = bullet.skill?.preconditions.direction;
  if (direction) return (direction.tool === undefined || directionTools.has(direction.tool)) && alignment(direction.lesson) >= direction.minAlignment;
  const tool = bullet.trace?.toolName;
  return tool === undefined || directionTools.has(tool);
}
