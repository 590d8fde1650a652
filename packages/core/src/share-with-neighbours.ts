/**
 * Share of an adjacent unit's match with the question that a unit takes when its own match is
 * lower: in a dialogue the answer is often the reply right after the message that matches the
 * question (or the prompt right before it), which shares none of its words. Half, as adjacent
 * segments share in `score-segments`. @internal
 */
export const NEIGHBOUR_MATCH_SHARE = 0.5;

/**
 * Lets every unit take a share of its adjacent units' match values: the result at each position is
 * the largest of its own value and `share` times the value of the unit right before or right
 * after it in the log. Only units scored together share (`indexes` must be adjacent log
 * positions), so a new unit scored alone keeps its own value. Never lowers a value, never raises
 * the largest one, and is linear in the number of units. @internal
 *
 * @param values - Raw match values, one per scored unit, in `indexes` order.
 * @param indexes - The log index of each value's unit, ascending.
 * @param share - Share of a neighbour's value a unit may take, from 0 to 1.
 * @returns The shared values (a new array).
 */
export function shareWithNeighbours(values: Float64Array, indexes: readonly number[], share = NEIGHBOUR_MATCH_SHARE): Float64Array {
  const shared = new Float64Array(values.length);
  for (let offset = 0; offset < values.length; offset++) {
    let value = values[offset]!;
    const index = indexes[offset]!;
    if (offset > 0 && indexes[offset - 1] === index - 1) value = Math.max(value, share * values[offset - 1]!);
    if (offset + 1 < values.length && indexes[offset + 1] === index + 1) value = Math.max(value, share * values[offset + 1]!);
    shared[offset] = value;
  }
  return shared;
}
