import type { EdgeKind, SessionLog } from '../log/index.js';

/** Links of each kind a topology line names (the rest are counted). */
const MAX_INNER_LINKS = 8;
const MAX_OUTER_LINKS = 4;

/** One edge of the semantic context graph as a consolidated page keeps it. */
export interface PageLink {
  /** 1-based position of the sub-page the edge starts from. */
  from: number;
  /** 1-based position of the sub-page it points to (inside the page), or the id of the page outside it. */
  to: number | string;
  /** `reply-to` (an answer, a tool result or a message that refers back) or `entity` (a shared entity). */
  kind: Exclude<EdgeKind, 'similar'>;
  /** Edges of this kind between the same two pages. */
  count: number;
}

/**
 * The topology of a consolidated page: which of its sub-pages relate to which (reply-to: call →
 * result, answer → question; entity: a shared id, path or name), and which point to pages
 * outside it (named by `outside(unit)`, the id the view shows for that unit's page). Edges within
 * one sub-page, and the lexical `similar` edges, are left out. In log order of first occurrence.
 *
 * @param log - The session log.
 * @param children - The unit ranges of the page's sub-pages, in log order.
 * @param outside - The page id to name for a unit outside the page.
 */
export function pageTopology(log: SessionLog, children: readonly { first: number; last: number }[], outside: (unit: number) => string): PageLink[] {
  const first = children[0]!.first;
  const last = children[children.length - 1]!.last;
  const position = (unit: number): number => {
    let low = 0;
    let high = children.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (children[middle]!.first <= unit) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
  const links = new Map<string, PageLink>();
  for (let unit = first; unit <= last; unit++) {
    for (const edge of log.units[unit]!.edges) {
      if (edge.kind === 'similar') continue;
      const from = position(unit);
      const to = edge.to >= first && edge.to <= last ? position(edge.to) : outside(edge.to);
      if (to === from) continue;
      const key = `${from}\u0000${to}\u0000${edge.kind}`;
      const known = links.get(key);
      if (known) known.count++;
      else links.set(key, { from, to, kind: edge.kind, count: 1 });
    }
  }
  return [...links.values()];
}

/**
 * The topology as one compact line: `links: 3→1 reply-to, 5→2 entity×2; out: 1→8a1b2c3d
 * reply-to (+4 more)`; `undefined` when the page has no links.
 */
export function topologyLine(links: readonly PageLink[]): string | undefined {
  if (links.length === 0) return undefined;
  const show = (link: PageLink) => `${link.from}→${link.to} ${link.kind}${link.count > 1 ? `×${link.count}` : ''}`;
  const inner = links.filter((link) => typeof link.to === 'number');
  const outer = links.filter((link) => typeof link.to === 'string');
  const part = (items: PageLink[], max: number) => `${items.slice(0, max).map(show).join(', ')}${items.length > max ? ` (+${items.length - max} more)` : ''}`;
  const parts: string[] = [];
  if (inner.length > 0) parts.push(`links: ${part(inner, MAX_INNER_LINKS)}`);
  if (outer.length > 0) parts.push(`out: ${part(outer, MAX_OUTER_LINKS)}`);
  return parts.join('; ');
}
