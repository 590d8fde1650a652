import { summaryTranscript, type CairnMessage } from '../log/index.js';
import type { PlaybookReflectorInput } from '../options/index.js';
import { bulletLine } from './playbook.js';

/**
 * What a reflector model is told by default (the adapters' model reflectors use it): read the new
 * part of the session and the playbook, answer with delta operations only — ACE's incremental
 * updates, never a rewrite.
 */
export const DEFAULT_REFLECTOR_INSTRUCTIONS = [
  'You curate the playbook of an agent: short, concrete lessons it should keep in view (what worked, mistakes to avoid, how tools want to be called, the user\'s standing rules).',
  'Read the new part of the session and the current playbook. Answer with a JSON array of operations only, no prose:',
  '{"op":"add","section":"strategies"|"mistakes"|"tools"|"constraints","content":"<one self-contained lesson; keep ids, names, numbers and exact commands>"}',
  '{"op":"count","id":"<bullet id>","helpful":1} when the session shows a bullet held up, or "harmful":1 when it misled',
  '{"op":"merge","from":"<bullet id>","into":"<bullet id>"} for two bullets that say the same thing',
  '{"op":"prune","id":"<bullet id>"} for a bullet that is wrong',
  'Add only what this session shows; do not restate a bullet that is already there. Answer [] when there is nothing to learn.',
].join('\n');

/** Options of {@link reflectorTranscript}. */
export interface ReflectorTranscriptOptions {
  /**
   * The most characters of one message's text the transcript shows; the rest is left out with a
   * note saying how much (the stored message is untouched). @default 2000
   */
  maxMessageChars?: number;
}

function capped(message: CairnMessage, maxChars: number): CairnMessage {
  if (typeof message.content !== 'string' || message.content.length <= maxChars) return message;
  return { ...message, content: `${message.content.slice(0, maxChars)} … (${message.content.length - maxChars} more characters left out)` };
}

/**
 * What a reflector model reads: the current playbook (one `[id] helpful=X harmful=Y :: content`
 * line per bullet, so operations can name ids) and the messages logged since the last reflection
 * as a transcript.
 *
 * @example
 * ```ts
 * const prompt = reflectorTranscript({ messages, playbook }); // 'Playbook:\n[str-00001] … \n\nNew messages:\n…'
 * ```
 */
export function reflectorTranscript({ messages, playbook }: PlaybookReflectorInput, { maxMessageChars = 2000 }: ReflectorTranscriptOptions = {}): string {
  const bullets = playbook.length === 0 ? '(empty)' : playbook.map(bulletLine).join('\n');
  return `Playbook:\n${bullets}\n\nNew messages:\n${summaryTranscript(messages.map((message) => capped(message, maxMessageChars)))}`;
}
