import type { PlaybookDelta, PlaybookSkill } from './playbook-types.js';

/** One call of a recovery, as the curator remembers it. */
export interface RecoveryCall {
  signature: string;
  /** The call in words (`bash(npm ci)`). */
  description: string;
}

/**
 * The `add` delta of the skill a recovery becomes once it has worked `times` times: a bullet of the
 * `skills` section whose text says when it applies and its steps, with the skill in the seed's
 * schema (preconditions, execution pattern, boundaries, outcome tags) and a trace that counts it
 * helpful or harmful when it is in view (the recovery call succeeds / the failing call fails
 * again). @internal
 */
export function recoverySkill(tool: string, failed: RecoveryCall & { reason: string }, worked: RecoveryCall, times: number, sourceIds: readonly string[]): Extract<PlaybookDelta, { op: 'add' }> {
  const steps = [`do not retry \`${failed.description}\` unchanged`, `run \`${worked.description}\` instead`, `check that ${tool} succeeds; if it fails too, this skill does not apply`];
  const skill: PlaybookSkill = {
    preconditions: { phase: 'recover', evidence: [`\`${failed.description}\` failed: ${failed.reason}`] },
    executionPattern: { steps },
    boundaries: { validConditions: [`${tool} fails as \`${failed.description}\` did (${failed.reason})`], invalidConditions: [`\`${worked.description}\` fails too`] },
    outcomeTags: { successPatterns: [`\`${worked.description}\` succeeds`], failurePatterns: [failed.reason] },
  };
  return {
    op: 'add',
    section: 'skills',
    content: `${tool} recovery (worked ${times}× in this session): when \`${failed.description}\` fails (${failed.reason}): ${steps.map((step, index) => `${index + 1}. ${step}`).join('; ')}.`,
    sourceIds,
    trace: { toolName: tool, use: [worked.signature], avoid: [failed.signature] },
    skill,
  };
}
