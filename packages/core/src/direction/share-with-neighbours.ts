/**
 * Share of an adjacent unit's match with the question that a unit takes when its own match is
 * lower: in a dialogue the answer is often the reply right after the message that matches the
 * question (or the prompt right before it), which shares none of its words. Half, as adjacent
 * segments share in `score-segments`. @internal
 */
export const NEIGHBOUR_MATCH_SHARE = 0.5;

/**
 * How many units away a match still lends its share, divided by the distance: one exchange each
 * way (a prompt, its reply, and the turn beyond each). @internal
 */
export const NEIGHBOUR_MATCH_REACH = 2;

/**
 * Lets every unit take a share of nearby units' match values: the result at each position is the
 * largest of its own value and `share / distance` times the value of a unit up to `reach` places
 * before or after it in the log. Only units scored together share (`indexes` must be consecutive
 * log positions), so a new unit scored alone keeps its own value. Never lowers a value, never
 * raises the largest one, and is linear in the number of units. @internal
 *
 * @param values - Raw match values, one per scored unit, in `indexes` order.
 * @param indexes - The log index of each value's unit, ascending.
 * @param share - Share of an adjacent unit's value a unit may take, from 0 to 1.
 * @param reach - Farthest distance, in units, that still shares.
 * @returns The shared values (a new array).
 */
export function shareWithNeighbours(values: Float64Array, indexes: readonly number[], share = NEIGHBOUR_MATCH_SHARE, reach = NEIGHBOUR_MATCH_REACH): Float64Array {
  const shared = new Float64Array(values.length);
  for (let offset = 0; offset < values.length; offset++) {
    let value = values[offset]!;
    const index = indexes[offset]!;
    for (let distance = 1; distance <= reach; distance++) {
      const part = share / distance;
      if (offset >= distance && indexes[offset - distance] === index - distance) value = Math.max(value, part * values[offset - distance]!);
      if (offset + distance < values.length && indexes[offset + distance] === index + distance) value = Math.max(value, part * values[offset + distance]!);
    }
    shared[offset] = value;
  }
  return shared;
}
