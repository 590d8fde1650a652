import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode5, EpisodeWriter5 } from '../blind-set-5/episode-writer.js';
import { lookAlikes7, nth7, openAgent7, repeats7 } from '../blind-set-7/family.js';
import { hex10, stamp10, type Family10 } from './family.js';

/** Novel kinds in playlist curation, security incident response, library catalogue search and logistics dispatch. */
export const FIELD_NOVEL_KINDS_10 = [
  'loop:playlist-add-track-title-recased',
  'work:playlist-preview-replayed-on-request',
  'loop:incident-isolation-announced-never-sent',
  'work:incident-evidence-hash-per-custody-step',
  'work:catalogue-query-reworked-until-found',
  'loop:dispatch-route-recalc-bridge-closed',
  'work:dispatch-dock-slot-backoff-then-booked',
] as const;

/** One kind of {@link FIELD_NOVEL_KINDS_10}. */
export type FieldNovelKind10 = (typeof FIELD_NOVEL_KINDS_10)[number];

const PLAYLIST = 'You curate playlists for Halcyon Radio. Tools: add_track, play_preview, search_tracks. Only licensed tracks can be added.';

/** add_track with the same title re-cased and re-spaced each time; "not in the licensed catalogue" each time. */
const addTrackRecased: Family10 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const title = ['Blue in Green', 'Águas de Março', 'Kind of Light', 'Sous le ciel de Paris'][random.int(0, 3)]!;
  const spellings = [title, title.toLowerCase(), title.toUpperCase(), ` ${title} `, title.replace(/ /g, '  '), title.toLowerCase().replace(/ /g, '_')];
  openAgent7(log, PLAYLIST, `Add "${title}" to the late-night jazz playlist.`);
  const texts = ['Adding it.', 'Maybe the title is case-sensitive; trying lower case.', 'Trying upper case.', 'Trimming the spaces and retrying.', 'Trying with double spaces.', 'One more spelling.'];
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(log.call('add_track', { playlist: 'late-night-jazz', title: spellings[round]! }, JSON.stringify({ added: false, reason: 'not_in_licensed_catalogue', matched_title: title }), { text: nth7(texts, round), isError: true }));
  }
  log.say(`I could not add "${title}".`);
  return { repeats, evidenceIds, note: `add_track ${repeats} times with the same title re-cased or re-spaced; every answer matches the title and says it is not in the licensed catalogue. Trivially varied arguments, the same outcome: a loop.` };
};

/** The listener asks to hear the preview again (sometimes "three times", sometimes "again" each time); each request is played. */
const previewReplayedOnRequest: Family10 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const track = `trk_${hex10(random, 6)}`;
  const counted = tier === 0;
  openAgent7(log, PLAYLIST, counted ? `Play me the preview of ${track} three times in a row, I want to check the intro.` : `Play the preview of ${track}, please.`);
  const evidenceIds: string[] = [];
  for (let play = 0; play < count; play++) {
    evidenceIds.push(log.call('play_preview', { track_id: track, seconds: 30 }, JSON.stringify({ played: true, track_id: track, seconds: 30 }), { text: counted ? `Play ${play + 1} of 3.` : 'Playing it.' }));
    if (!counted && play < count - 1) log.user(['Again, please.', 'Once more — the drums at 0:12.', 'Again!', 'One last time.'][play % 4]!);
    else if (counted || play === count - 1) log.say(counted && play < count - 1 ? 'Next play coming.' : 'Done. Shall I add it?');
  }
  return { repeats: 0, evidenceIds, borderline: true, note: `play_preview on the same track ${count} times with the same result, each play asked for by the listener (${counted ? 'a stated count of three' : '"again" after each play'}). A repeat the user explicitly asks for: not a loop, though the rule's letter is met (borderline).` };
};

const SOC = 'You are a security incident response assistant (SOC tier 1). Tools: get_host_alerts, isolate_host, verify_hash, open_ticket. Follow runbook IR-7.';

const PLANS = [
  'The host is beaconing to a known C2 address. I will isolate it now.',
  'Confirmed malicious; isolating the host next.',
  'Isolation is the right step here — doing it now.',
  'Before anything else, the host must be isolated. Proceeding.',
  'Isolating now.',
  'Isolating the host.',
] as const;

/** "I will isolate the host now", announced in new words before the same alert read each time; isolate_host is never called. */
const isolationAnnouncedNeverSent: Family10 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const host = `WS-${random.int(1000, 9999)}`;
  openAgent7(log, SOC, `EDR alert on ${host}: outbound connections to 185.220.101.${random.int(2, 250)}. Contain it.`, 'analyst');
  const alerts = JSON.stringify({ host, alerts: [{ rule: 'C2 beacon', severity: 'high', count: 112 }], isolation: 'none' });
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) evidenceIds.push(log.call('get_host_alerts', { host }, alerts, { text: nth7(PLANS, round) }));
  log.say(`${host} needs isolating; please confirm in the console.`);
  return { repeats, evidenceIds, note: `${repeats} times the agent announces, in new words, that it will isolate ${host} now, then reads the same alerts (identical result, isolation "none"); isolate_host is never called. A re-announced plan over the same read: a loop.` };
};

/** Runbook IR-7: the evidence image's hash verified at acquisition, after transfer and at storage (and at hand-over when there is one) — the same hash each time. */
const hashPerCustodyStep: Family10 = (log, random, tier) => {
  const count = lookAlikes7(tier, random, 4);
  const image = `IMG-${hex10(random, 6)}`;
  const digest = hex10(random, 64);
  const steps = ['acquisition', 'transfer to the evidence server', 'write to cold storage', 'hand-over to legal'].slice(0, count);
  openAgent7(log, SOC, `Image the disk of the compromised laptop and preserve it per IR-7 (verify the SHA-256 at every custody step).`, 'analyst');
  const evidenceIds = steps.map((step) => log.call('verify_hash', { image_id: image, algorithm: 'sha256' }, JSON.stringify({ image_id: image, sha256: digest, match: true }), { text: `IR-7 custody check: ${step}.` }));
  log.call('open_ticket', { title: `Evidence ${image} preserved`, custody_checks: count }, JSON.stringify({ ticket: `IR-${random.int(1000, 9999)}` }));
  log.say('Evidence preserved; every custody check matched.');
  return { repeats: 0, evidenceIds, borderline: true, note: `verify_hash on the same image ${count} times with the same matching digest, once per custody step that runbook IR-7 requires (the steps happen between the checks). A repeat a stated protocol requires: not a loop, though the rule's letter is met (borderline).` };
};

const LIBRARY = 'Jesteś asystentem katalogu Biblioteki Miejskiej w Krakowie. Narzędzia: search_catalogue, place_hold. Odpowiadaj po polsku.';

/** A half-remembered book: the query reworked each time (author, then title words, then subject), results change, the book found. */
const queryReworkedUntilFound: Family10 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  openAgent7(log, LIBRARY, 'Szukam książki o kotach w Krakowie, autorka chyba Szymborska? Albo coś z „kot" w tytule.');
  const queries = [{ author: 'Szymborska', keywords: 'kot' }, { title: 'kot w pustym mieszkaniu' }, { subject: 'koty — Kraków' }, { keywords: 'kot Kraków opowiadania' }, { author: 'Sapkowski', keywords: 'kot' }].slice(0, count);
  const evidenceIds = queries.map((query, index) => log.call('search_catalogue', query, JSON.stringify(index === count - 1 ? { hits: 1, records: [{ id: `b${random.int(10000, 99999)}`, title: 'Kot, który chodził po Plantach', available: 2 }] } : { hits: index * 7 + 3, records: [`b${random.int(10000, 99999)}`, `b${random.int(10000, 99999)}`] }), { text: index === 0 ? 'Szukam.' : 'Zmieniam zapytanie.' }));
  log.say('Znalazłam: „Kot, który chodził po Plantach". Czy zarezerwować?');
  return { repeats: 0, evidenceIds, note: `search_catalogue ${count} times, each query different (author, title, subject, keywords), with different hit lists, the last finding the book. Systematic exploration: not a loop.` };
};

const DISPATCH = '配送ディスパッチ・アシスタント (Osaka depot). Tools: recalc_route, book_dock_slot, wait. Reply to drivers in Japanese, log notes in English.';

/** recalc_route for the same stops, keys reordered and addresses re-spaced; "no route: bridge closed" each time. */
const routeRecalcBridgeClosed: Family10 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const truck = `OSK-${random.int(100, 999)}`;
  openAgent7(log, DISPATCH, `${truck}: 淀川大橋が通行止めです。次の配達先へのルートを再計算してください (route to Juso).`, 'driver');
  const from = '大阪市北区 梅田 3-1';
  const to = '大阪市淀川区 十三本町 1-7';
  const texts = ['ルートを再計算します。', 'Recalculating again with the same stops.', 'もう一度再計算します。', 'Retrying the route.', '再計算。', 'Again.'];
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    const a = round % 2 === 0 ? from : from.replace(/ /g, '　');
    const args = round % 2 === 0 ? { vehicle: truck, from: a, to, avoid: [] } : { to, avoid: [], from: a, vehicle: truck };
    evidenceIds.push(log.call('recalc_route', args, JSON.stringify({ route: null, error: '経路なし: 淀川大橋 通行止め (no route: bridge closed on every candidate)', computed_in_ms: random.int(80, 400) }), { text: nth7(texts, round), isError: true }));
  }
  log.say('ルートが見つかりません。配車係に連絡してください。');
  return { repeats, evidenceIds, note: `recalc_route ${repeats} times for the same truck and stops, the keys reordered and the address spaces switched between ASCII and full-width, the closed bridge never added to "avoid"; each answer is the same "no route: bridge closed" (only the timing changes). Trivially varied arguments, the same outcome: a loop.` };
};

/** book_dock_slot answered "429, retry after N s"; the agent waits as told and the booking succeeds. */
const dockSlotBackoff: Family10 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  openAgent7(log, DISPATCH, 'Book dock 4 at the Sakai warehouse for 14:00 for truck OSK-221.', 'dispatcher');
  const args = { warehouse: 'sakai', dock: 4, slot: '14:00', vehicle: 'OSK-221' };
  const evidenceIds: string[] = [];
  for (let attempt = 0; attempt < count; attempt++) {
    const last = attempt === count - 1;
    const wait = 15 * 2 ** attempt;
    evidenceIds.push(log.call('book_dock_slot', args, last ? JSON.stringify({ booked: true, booking: `DK-${hex10(random, 6)}` }) : JSON.stringify({ status: 429, error: 'rate_limited', retry_after_s: wait }), last ? { text: 'Retrying after the wait.' } : { text: attempt === 0 ? 'Booking the slot.' : 'Retrying after the wait.', isError: true }));
    if (!last) log.call('wait', { seconds: wait }, `waited ${wait}s (${stamp10(attempt, random.int(0, 59))})`);
  }
  log.say('Dock 4 at 14:00 is booked.');
  return { repeats: 0, evidenceIds, borderline: count >= 4, note: `book_dock_slot ${count} times with the same arguments; each refusal asks the agent to retry after a growing number of seconds, the agent waits as told, and the last attempt books the slot. A backoff the API asked for that ends in success: not a loop${count >= 4 ? ' (borderline: more than a retry or two)' : ''}.` };
};

const FAMILIES: Record<FieldNovelKind10, Family10> = {
  'loop:playlist-add-track-title-recased': addTrackRecased,
  'work:playlist-preview-replayed-on-request': previewReplayedOnRequest,
  'loop:incident-isolation-announced-never-sent': isolationAnnouncedNeverSent,
  'work:incident-evidence-hash-per-custody-step': hashPerCustodyStep,
  'work:catalogue-query-reworked-until-found': queryReworkedUntilFound,
  'loop:dispatch-route-recalc-bridge-closed': routeRecalcBridgeClosed,
  'work:dispatch-dock-slot-backoff-then-booked': dockSlotBackoff,
};

/**
 * Builds one field episode of the tenth blind set (playlists, incident response, a library catalogue, dispatch).
 *
 * @param kind - Which kind.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0, 1 or 2 (3, 4 or 5+ repeats or look-alikes).
 * @returns What was planted.
 */
export function buildFieldNovel10(kind: FieldNovelKind10, log: EpisodeWriter5, random: SeededRandom, tier: number): BuiltEpisode5 {
  return FAMILIES[kind](log, random, tier);
}
