/**
 * Splits sessions into a `tune` and a `holdout` half by their run: the run ids (the session id
 * before `#`, so all agents of a CodeR run stay together) sorted, even positions to `tune`, odd to
 * `holdout`. Deterministic.
 *
 * @param sessions - Sessions with ids like `run` or `run#agent`.
 * @returns The two halves, in input order.
 *
 * @example
 * ```ts
 * const { tune, holdout } = splitRuns(sessions);
 * ```
 */
export function splitRuns<T extends { id: string }>(sessions: readonly T[]): { tune: T[]; holdout: T[] } {
  const runOf = (session: T): string => session.id.split('#')[0]!;
  const runs = [...new Set(sessions.map(runOf))].sort();
  const position = new Map(runs.map((run, index) => [run, index]));
  return {
    tune: sessions.filter((session) => position.get(runOf(session))! % 2 === 0),
    holdout: sessions.filter((session) => position.get(runOf(session))! % 2 === 1),
  };
}
