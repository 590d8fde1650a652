import { inferWorkPhase } from '../log/index.js';
import { lessonAlignment, type ExperienceContext } from '../playbook/index.js';
import type { EngineState } from '../render/index.js';
import { topTerms } from '../text/index.js';

/**
 * The moment an outcome of a playbook bullet is recorded, as the engine sees it: the injected
 * clock, the alignment of a lesson with the current direction, the work phase and the
 * direction's strongest terms. Lazy: the clock is read, and the terms found, only when a record or
 * a skill needs them. @internal
 */
export function playbookExperienceContext(state: EngineState): ExperienceContext {
  const { direction, log, options } = state;
  const current = direction.current;
  const vocabulary = log.vectoriser.vocabulary;
  let now: number | undefined;
  return {
    get now() {
      return (now ??= options.now());
    },
    alignment: (text) => lessonAlignment(current, text, vocabulary),
    get workPhase() {
      const lastUnits = log.units.slice(-3);
      return inferWorkPhase(
        lastUnits.flatMap((unit) => unit.calls.map((call) => call.name)),
        lastUnits.length > 0 && lastUnits[lastUnits.length - 1]!.isError,
      );
    },
    get directionTerms() {
      return topTerms(current, vocabulary, 8);
    },
  };
}
