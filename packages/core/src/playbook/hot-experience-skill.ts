import { discoverHotExperiences, HOT_EXPERIENCE_MAX_AGE_MS, type ExperienceRecord, type HotExperience } from '../dead-ends/index.js';
import type { WorkPhase } from '../log/index.js';
import type { PlaybookBullet, PlaybookDelta, PlaybookSkill } from './playbook-types.js';

/** Experience records a playbook keeps (the oldest are forgotten first). */
export const MAX_BULLET_EXPERIENCES = 2000;

/** What the engine knows about the moment an outcome is recorded (CDA's experience record). */
export interface ExperienceContext {
  /** The injected clock's time, in milliseconds. */
  now: number;
  /** How well a lesson's text aligns with the session's current direction (cosine, 0–1). */
  alignment: (text: string) => number;
  /** The work phase now. */
  workPhase: WorkPhase;
  /** The current direction's strongest terms. */
  directionTerms: readonly string[];
}

/**
 * Keeps one hit or miss of a bullet with the alignment of its lesson with the direction at that
 * moment (so the spread of alignments across hits is real and σ < 0.15 can fail). Bounded: past
 * {@link MAX_BULLET_EXPERIENCES} the oldest records are dropped. @internal
 */
export function recordBulletExperience(records: ExperienceRecord[], bullet: PlaybookBullet, outcome: 'hit' | 'miss', context: ExperienceContext): void {
  records.push({ key: bullet.id, outcome, alignment: context.alignment(bullet.content), at: context.now });
  if (records.length > MAX_BULLET_EXPERIENCES) records.splice(0, records.length - MAX_BULLET_EXPERIENCES);
}

/**
 * The hot experience of one bullet, if its records make one (CDA: at least 3 hits, alignment
 * standard deviation below 0.15, the latest hit less than 7 days old). Only records of the last
 * 7 days count: hits from long ago and one today are no stable pattern. @internal
 */
export function hotExperienceOf(records: readonly ExperienceRecord[], key: string, now: number): HotExperience | undefined {
  return discoverHotExperiences(
    records.filter((record) => record.key === key && now - record.at < HOT_EXPERIENCE_MAX_AGE_MS),
    { now },
  )[0];
}

/** How far below the hits' mean alignment (in standard deviations) a direction still matches a skill… */
const MATCH_STD_DEVS = 2;
/** …less this margin, so hits at one alignment (σ = 0) do not make a threshold no other direction meets. */
const MATCH_MARGIN = 0.05;

const round = (value: number): number => Math.round(value * 1000) / 1000;

/**
 * The `add` delta of the skill a hot experience becomes (CDA: hot experience → Skill), in the
 * seed's schema: its preconditions (the work phase, the direction it held up in and — for a lesson
 * about calls — the tool), its execution pattern (the lesson, whole, then a check), its boundaries
 * (the alignment it needs; how often it misled) and its outcome tags. The skill keeps the lesson's
 * trace, so it counts helpful or harmful in view as the lesson did. @internal
 *
 * @param bullet - The lesson whose hits made the experience hot.
 * @param hot - Its hot experience.
 * @param context - The moment of promotion (phase and direction terms).
 */
export function hotExperienceSkill(bullet: PlaybookBullet, hot: HotExperience, context: ExperienceContext): Extract<PlaybookDelta, { op: 'add' }> {
  const lesson = bullet.content.replace(/\s*\n\s*/g, ' ');
  const tool = bullet.trace?.toolName;
  const minAlignment = round(Math.max(0, hot.meanAlignment - MATCH_STD_DEVS * hot.alignmentStdDev - MATCH_MARGIN));
  const terms = context.directionTerms.slice(0, 6);
  const about = terms.length > 0 ? terms.join(', ') : 'the same work';
  const steps = [lesson, tool === undefined ? 'check that the outcome goes as the lesson says; if it does not, this skill does not apply' : `check that ${tool} goes as the lesson says; if it does not, this skill does not apply`];
  const skill: PlaybookSkill = {
    preconditions: {
      phase: context.workPhase,
      evidence: [`the work is about ${about}`, ...(tool === undefined ? [] : [`\`${tool}\` is in use`]), `lesson ${bullet.id} held up ${hot.hits}× at alignment ${round(hot.meanAlignment)} ± ${round(hot.alignmentStdDev)}`],
      direction: { lesson: bullet.content, minAlignment, terms: [...terms], ...(tool === undefined ? {} : { tool }) },
    },
    executionPattern: { steps },
    boundaries: {
      validConditions: [`the direction aligns with the lesson at ${minAlignment} or more${tool === undefined ? '' : ` while \`${tool}\` is in use`}`],
      invalidConditions: [`the work has moved elsewhere (alignment below ${minAlignment})`, ...(hot.misses > 0 ? [`the cases where it misled (${hot.misses}× so far)`] : [])],
    },
    outcomeTags: {
      successPatterns: [bullet.trace?.use?.length ? `the calls it says to use succeed${tool === undefined ? '' : ` (${tool})`}` : 'the outcome goes as the lesson says'],
      failurePatterns: [bullet.trace?.avoid?.length ? `the calls it says to avoid fail as before${tool === undefined ? '' : ` (${tool})`}` : 'the outcome goes against the lesson'],
    },
    experience: { key: hot.key, hits: hot.hits, misses: hot.misses, meanAlignment: round(hot.meanAlignment), alignmentStdDev: round(hot.alignmentStdDev), lastHitAt: hot.lastHitAt },
  };
  return {
    op: 'add',
    section: 'skills',
    content: `${tool === undefined ? '' : `${tool} `}skill (held up ${hot.hits}× on ${terms.length > 0 ? terms.slice(0, 3).join(', ') : 'this work'}): ${lesson} If the outcome goes against it, the skill does not apply.`,
    sourceIds: [...bullet.sourceIds],
    ...(bullet.trace ? { trace: { ...bullet.trace, ...(bullet.trace.use ? { use: [...bullet.trace.use] } : {}), ...(bullet.trace.avoid ? { avoid: [...bullet.trace.avoid] } : {}) } } : {}),
    skill,
  };
}
