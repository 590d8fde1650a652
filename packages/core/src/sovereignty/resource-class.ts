/**
 * The resource classes of context sovereignty, in order: what may be dropped, what must flow on
 * (possibly summarised), what must survive verbatim. Every unit (and, later, page) has exactly
 * one; classes only ever go up (DROPPABLE < REQUIRED < PRESERVED).
 *
 * - `droppable`: may be reduced to a placeholder.
 * - `required`: may be summarised, but keeps its decisions and anchors (never a placeholder by choice).
 * - `preserved`: shown verbatim in every view.
 */
export type ResourceClass = 'droppable' | 'required' | 'preserved';

/** The resource classes by name, for code that reads better with constants. */
export const RESOURCE_CLASS = Object.freeze({
  DROPPABLE: 'droppable',
  REQUIRED: 'required',
  PRESERVED: 'preserved',
} as const satisfies Record<string, ResourceClass>);

/** Every resource class, lowest first. */
export const RESOURCE_CLASSES: readonly ResourceClass[] = Object.freeze(['droppable', 'required', 'preserved'] as const);

/** The rank of each class: DROPPABLE 0 < REQUIRED 1 < PRESERVED 2. */
export const RESOURCE_CLASS_RANK: Readonly<Record<ResourceClass, number>> = Object.freeze({ droppable: 0, required: 1, preserved: 2 });

/**
 * True when `value` names a resource class.
 *
 * @example
 * ```ts
 * isResourceClass('preserved'); // true
 * isResourceClass('pinned'); // false
 * ```
 */
export function isResourceClass(value: unknown): value is ResourceClass {
  return value === 'droppable' || value === 'required' || value === 'preserved';
}

/**
 * Orders two classes: negative when `a` is lower, 0 when equal, positive when higher.
 *
 * @example
 * ```ts
 * compareResourceClass('droppable', 'preserved') < 0; // true
 * ```
 */
export function compareResourceClass(a: ResourceClass, b: ResourceClass): number {
  return RESOURCE_CLASS_RANK[a] - RESOURCE_CLASS_RANK[b];
}

/** The higher of two classes (the join of the order). */
export function maxResourceClass(a: ResourceClass, b: ResourceClass): ResourceClass {
  return RESOURCE_CLASS_RANK[a] >= RESOURCE_CLASS_RANK[b] ? a : b;
}
