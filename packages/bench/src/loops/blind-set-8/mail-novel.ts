import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode5, EpisodeWriter5 } from '../blind-set-5/episode-writer.js';
import { lookAlikes7, nth7, openAgent7, repeats7 } from '../blind-set-7/family.js';
import { clock8, hexId8, type Family8 } from './family.js';

/** Calendar and e-mail assistant kinds invented for the eighth blind set. */
export const MAIL_NOVEL_KINDS_8 = ['loop:mail-free-slots-empty-fresh-stamp', 'work:mail-outbox-drains-while-polled', 'work:mail-same-narration-different-threads'] as const;

/** One kind of {@link MAIL_NOVEL_KINDS_8}. */
export type MailNovelKind8 = (typeof MAIL_NOVEL_KINDS_8)[number];

const ASSISTANT = 'You are an executive assistant with access to the calendar and mailbox of your principal. Tools: find_free_slots({ attendees, day, duration_min }), create_event({ title, start, attendees }), list_outbox(), archive_thread({ thread_id }), send_mail({ to, subject, body }). Be concise.';
const PEOPLE = ['m.okafor', 'j.lindqvist', 'r.tanaka', 's.moreau', 'a.haddad', 'p.nowak'] as const;

/** `find_free_slots` for the same attendees and day, again and again: no slot, only the generated-at stamp, the query time and the request id change. */
const freeSlotsEmptyFreshStamp: Family8 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const attendees = random.shuffle([...PEOPLE]).slice(0, 3).map((person) => `${person}@northwind.example`);
  const day = `2026-03-${random.int(10, 27)}`;
  openAgent7(log, ASSISTANT, `Find 60 minutes on ${day} for me with ${attendees.join(', ')} and book it as "Budget review".`, 'principal');
  const start = random.int(8 * 3600, 10 * 3600);
  const texts = ['Looking for a common free hour.', 'Nothing came back; checking the calendars again.', 'Let me query the free slots once more.', 'Trying again in case something freed up.', 'Checking availability again.', 'One more check.'];
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    const result = JSON.stringify({ request_id: hexId8(random, 12), generated_at: `${day}T${clock8(start, round, 23)}Z`, query_ms: random.int(80, 420), day, attendees, duration_min: 60, busy_blocks_considered: 17, slots: [] });
    evidenceIds.push(log.call('find_free_slots', { attendees, day, duration_min: 60 }, result, { text: nth7(texts, round) }));
  }
  log.say(`There is no hour on ${day} when all three are free (17 busy blocks). Shall I try the next day, or drop to 30 minutes?`);
  return { repeats, evidenceIds, note: `The identical find_free_slots call ${repeats} times in a row; each answer has an empty slot list, the same 17 busy blocks, and differs only in request_id, generated_at and query_ms. Nothing changes the calendars or the query between calls: a loop whose outputs are not byte-identical.` };
};

/** A bulk send drains the outbox; each poll shows fewer queued messages (and a new stamp), the last an empty queue. */
const outboxDrainsWhilePolled: Family8 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const total = random.int(60, 140);
  openAgent7(log, ASSISTANT, `The invitation mail-merge to the ${total} alumni went out a minute ago. Tell me when the outbox is empty.`, 'principal');
  const start = random.int(13 * 3600, 15 * 3600);
  const evidenceIds: string[] = [];
  let queued = total;
  for (let poll = 0; poll < count; poll++) {
    const last = poll === count - 1;
    queued = last ? 0 : Math.max(1, Math.floor(queued * (0.35 + random.next() * 0.3)));
    const result = JSON.stringify({ checked_at: clock8(start, poll, 41), request_id: hexId8(random, 12), queued, sent: total - queued, failed: 0, throttle: last ? 'idle' : 'active' });
    evidenceIds.push(log.call('list_outbox', {}, result, { text: poll === 0 ? 'Checking the outbox.' : 'Checking the outbox again.' }));
  }
  log.say(`The outbox is empty: all ${total} invitations were sent, none failed.`);
  return { repeats: 0, evidenceIds, note: `The identical list_outbox call ${count} times; besides the stamp and request id, queued falls and sent rises each time until the queue is empty. A progressing poll: not a loop.` };
};

const SUBJECTS = ['Your weekly digest from Fieldnotes', 'Webinar recording: Q3 planning', 'New sign-in to your account', 'Reminder: parking permit renewal', 'The Monday Brief — issue 212', 'Your order has shipped'] as const;

/** The same narration over and over, each time archiving a different newsletter thread the principal listed. */
const sameNarrationDifferentThreads: Family8 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const threads = random.shuffle([...SUBJECTS]).slice(0, count).map((subject) => ({ subject, id: `thr_${hexId8(random, 10)}` }));
  openAgent7(log, ASSISTANT, `Archive these threads please: ${threads.map((thread) => `"${thread.subject}" (${thread.id})`).join(', ')}.`, 'principal');
  const evidenceIds: string[] = [];
  for (const thread of threads) evidenceIds.push(log.call('archive_thread', { thread_id: thread.id }, JSON.stringify({ thread_id: thread.id, subject: thread.subject, archived: true }), { text: 'Archiving this thread as requested.' }));
  log.say(`Done: ${count} threads archived.`);
  return { repeats: 0, evidenceIds, note: `The narration "Archiving this thread as requested." word for word ${count} times, but each call archives a different thread the principal listed, each with its own answer. The same words over different actions: not a loop.` };
};

const FAMILIES: Record<MailNovelKind8, Family8> = {
  'loop:mail-free-slots-empty-fresh-stamp': freeSlotsEmptyFreshStamp,
  'work:mail-outbox-drains-while-polled': outboxDrainsWhilePolled,
  'work:mail-same-narration-different-threads': sameNarrationDifferentThreads,
};

/**
 * Builds one calendar / e-mail assistant episode of the eighth blind set.
 *
 * @param kind - Which kind.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0, 1 or 2 (3, 4 or 5+ repeats or look-alikes).
 * @returns What was planted.
 */
export function buildMailNovel8(kind: MailNovelKind8, log: EpisodeWriter5, random: SeededRandom, tier: number): BuiltEpisode5 {
  return FAMILIES[kind](log, random, tier);
}
