// The ACE playbook (issue 15): bullets with helpful/harmful counters in sections, the deterministic curator,
// delta operations, merging and pruning, experiences that become skills.
// Public surface of this folder: other folders import it only through this file.

export { curatePlaybook, emptyCuratorState } from './curate-playbook.js';
export type { CuratorState } from './curate-playbook.js';
export { lexicalSimilarity } from './lexical-similarity.js';
export { bulletLine, Playbook } from './playbook.js';
export type { PlaybookStoreOptions } from './playbook.js';
export { SECTION_SLUGS, SECTION_TITLES } from './playbook-types.js';
export type { PlaybookBullet, PlaybookDelta, PlaybookSnapshot } from './playbook-types.js';
export { PLAYBOOK_HEADER, renderPlaybook } from './render-playbook.js';
export { applyKnown, createPlaybookRuntime, observeForPlaybook, playbookLessons, playbookRuntimeFromJSON, playbookRuntimeToJSON, recordBulletOutcome } from './playbook-runtime.js';
export type { PlaybookRuntime, PlaybookRuntimeSnapshot } from './playbook-runtime.js';
export { reflectPlaybook } from './reflect-playbook.js';
export { isPlaybookDelta } from './check-playbook-delta.js';
export { parsePlaybookDeltas } from './parse-playbook-deltas.js';
export { DEFAULT_REFLECTOR_INSTRUCTIONS, reflectorTranscript } from './reflector-prompt.js';
export type { ReflectorTranscriptOptions } from './reflector-prompt.js';
export { mergePlaybookByEmbedder } from './merge-by-embedder.js';
export { createPlaybookPool, PLAYBOOK_POOL_MAX_BULLETS } from './playbook-pool.js';
export type { PlaybookPool, SharedBullet } from './playbook-pool.js';
export { preloadPlaybook, publishPlaybook } from './share-playbook.js';
export { DEAD_END_BULLET_PREFIX, deadEndBullets, deadEndOfBullet, withDeadEndBullets } from './dead-end-bullets.js';
export { SKILL_DIRECTION_UNITS, skillMatchesDirection } from './skill-matches-direction.js';
export type { ExperienceContext } from './hot-experience-skill.js';
export { lessonAlignment } from './lesson-alignment.js';
