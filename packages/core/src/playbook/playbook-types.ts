import type { PlaybookBullet, PlaybookSection } from '../options/index.js';

export type { PlaybookBullet, PlaybookDelta, PlaybookSkill } from '../options/index.js';

/** The JSON form of a playbook. */
export interface PlaybookSnapshot {
  version: 1;
  nextId: number;
  bullets: PlaybookBullet[];
}

/** The slug of each section in bullet ids. */
export const SECTION_SLUGS: Readonly<Record<PlaybookSection, string>> = Object.freeze({ strategies: 'str', mistakes: 'mis', tools: 'tol', constraints: 'con', skills: 'skl' });

/** Section titles, in the order a rendered playbook shows them. */
export const SECTION_TITLES: Readonly<Record<PlaybookSection, string>> = Object.freeze({
  constraints: 'User constraints and corrections',
  mistakes: 'Common mistakes to avoid',
  strategies: 'Strategies and insights',
  skills: 'Skills (recoveries that kept working)',
  tools: 'Tool and API usage',
});
