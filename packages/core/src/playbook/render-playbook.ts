import { neutralizeMarkup } from '../text/index.js';
import type { PlaybookSection } from '../options/index.js';
import { bulletLine } from './playbook.js';
import { SECTION_TITLES, type PlaybookBullet } from './playbook-types.js';

/** The first line of the rendered playbook. */
export const PLAYBOOK_HEADER = '[cairn:playbook] Lessons of this session (helpful/harmful: times each held up or misled):';

const ORDER = Object.keys(SECTION_TITLES) as PlaybookSection[];

/**
 * Renders the playbook within `maxTokens`: whole bullets only (a bullet's text is never cut), as
 * many as fit in `ranked` order (most useful first), shown under their section titles in id order
 * so the text changes only when the chosen set does. Content is neutralised so it cannot imitate
 * cairn markers. Counted exactly; the lowest-ranked bullets are dropped should the joined text
 * count more than its lines did.
 *
 * @param ranked - Bullets, most useful first (`Playbook.ranked()`).
 * @param maxTokens - The most tokens the text may cost.
 * @param countTokens - Counts a text's tokens.
 * @returns The text (`''` when not even the header and one bullet fit) and the bullets shown.
 *
 * @example
 * ```ts
 * renderPlaybook(playbook.ranked(), 300, (text) => counter.count(text)).text;
 * ```
 */
export function renderPlaybook(ranked: readonly PlaybookBullet[], maxTokens: number, countTokens: (text: string) => number): { text: string; shown: PlaybookBullet[] } {
  const chosen: PlaybookBullet[] = [];
  let used = countTokens(PLAYBOOK_HEADER);
  const titled = new Set<PlaybookSection>();
  for (const bullet of ranked) {
    const title = titled.has(bullet.section) ? 0 : countTokens(`\n## ${SECTION_TITLES[bullet.section]}`);
    const tokens = countTokens(`\n${neutralizeMarkup(bulletLine(bullet))}`) + title;
    if (used + tokens > maxTokens) continue;
    used += tokens;
    titled.add(bullet.section);
    chosen.push(bullet);
  }
  const render = (): string => {
    const lines = [PLAYBOOK_HEADER];
    for (const section of ORDER) {
      const bullets = chosen.filter((bullet) => bullet.section === section).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      if (bullets.length === 0) continue;
      lines.push(`## ${SECTION_TITLES[section]}`, ...bullets.map((bullet) => neutralizeMarkup(bulletLine(bullet))));
    }
    return lines.join('\n');
  };
  let text = render();
  while (chosen.length > 0 && countTokens(text) > maxTokens) {
    chosen.pop();
    text = render();
  }
  return chosen.length === 0 ? { text: '', shown: [] } : { text, shown: chosen };
}
