import { createCharTokenCounter, type CairnMessage } from '../log/index.js';
import type { ContextEngineOptions } from '../options/index.js';

/** Three topics of seven words each: the conversation's topics shift twice. */
export const TOPICS = [
  ['garden', 'tomatoes', 'basil', 'compost', 'watering', 'seedlings', 'slugs'],
  ['database', 'postgres', 'schema', 'indexes', 'rollback', 'replicas', 'vacuum'],
  ['Lisbon', 'flights', 'hotel', 'trams', 'pastries', 'museums', 'ocean'],
];

/** `perTopic` short alternating user / assistant lines per topic, ids `m0`, `m1`, … */
export function topicConversation(perTopic = 8): CairnMessage[] {
  const messages: CairnMessage[] = [];
  for (const words of TOPICS) {
    for (let index = 0; index < perTopic; index++) {
      messages.push({ id: `m${messages.length}`, role: index % 2 === 0 ? 'user' : 'assistant', content: `About the ${words[0]}: more on ${words[index % words.length]} and ${words[(index + 1) % words.length]} today.` });
    }
  }
  return messages;
}

/** Character tokens, one session, consolidation after every 2 pages (3 at least), merging whatever is not fresh. */
export const TOPIC_PAGE_OPTIONS: ContextEngineOptions = {
  tokenCounter: createCharTokenCounter(),
  sessionId: 's',
  pages: { consolidation: { window: 2, minPages: 3, staleAfterPages: 0, topicSimilarity: 0 } },
};
