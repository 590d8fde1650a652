import type { SeededRandom } from '../../seeded-random.js';
import { loopRepeats5, type BuiltEpisode5, type EpisodeWriter5 } from './episode-writer.js';
import { drawPerson5, flights5, juneDate5, openAirline5, openRetail5, order5, route5 } from './service-setting.js';

/** Customer-service loops invented for this set (see the README for each label rule). */
export const SERVICE_NOVEL_LOOP_KINDS_5 = [
  'loop:service-subagent-requote-fresh-trace',
  'loop:service-german-address-reconfirm',
  'loop:service-claim-poll-timestamp-only',
  'loop:service-cart-rebuild-coupon-rejected',
] as const;

/** One kind of {@link SERVICE_NOVEL_LOOP_KINDS_5}. */
export type ServiceNovelLoopKind5 = (typeof SERVICE_NOVEL_LOOP_KINDS_5)[number];

const hex = (random: SeededRandom, length: number): string => Array.from({ length }, () => '0123456789abcdef'[random.int(0, 15)]).join('');

/** The desk agent asks its fare sub-agent the same question again and again; the quote never changes, only the trace id and time. */
function subagentRequote(log: EpisodeWriter5, random: SeededRandom, repeats: number): BuiltEpisode5 {
  const person = drawPerson5(random);
  const [from, to] = route5(random);
  const [flight] = flights5(random, 1);
  const fare = random.int(180, 460);
  openAirline5(log, `Is there anything cheaper than $${fare} for ${flight} ${from}–${to} on June 20? I'm ${person.travellerId}.`);
  const question = `Lowest fare for ${flight} ${from}-${to} on ${juneDate5(20)}, main cabin, 1 adult, any fare basis?`;
  const texts = ['Let me ask our fare specialist.', 'I will ask the fare specialist to double-check.', 'Checking with the fare specialist again.', 'One more check with the fare specialist.', 'Asking again.', 'Let me re-ask.', 'Checking once more.'];
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    const result = `[fare-quoter · trace ${hex(random, 12)} · ${String(9 + Math.floor(round / 2)).padStart(2, '0')}:${String(10 + round * 7).padStart(2, '0')}:${String(random.int(10, 59))}]\nLowest available: $${fare} (basis QL7, main). No lower inventory on this flight or date.`;
    evidenceIds.push(log.call('ask_agent', { agent: 'fare-quoter', question }, result, { text: texts[round]! }));
  }
  log.say(`I am sorry — $${fare} is the lowest fare on ${flight} that day.`, 'Okay, I will book it myself later.');
  return { repeats, evidenceIds, note: `The desk agent sends its fare sub-agent the identical question ${repeats} times and gets the same $${fare} quote each time; only the sub-agent's trace id and clock time differ, which carry no news: the same call with the same outcome, a loop across two agents.` };
}

const ASK_DE = [
  'Damit ich die Lieferung umleiten kann: Ist die neue Adresse {a} richtig?',
  'Nur zur Sicherheit — soll die Sendung wirklich an {a} gehen?',
  'Ich möchte das noch einmal bestätigen: Lieferadresse {a}, korrekt?',
  'Können Sie mir bitte bestätigen, dass {a} die richtige Adresse ist?',
  'Bevor ich es ändere: Stimmt {a} so?',
  'Noch einmal kurz: {a} — ist das richtig?',
  'Ist {a} korrekt?',
] as const;
const YES_DE = ['Ja, genau.', 'Ja, das habe ich doch gesagt.', 'Ja! Richtig.', 'Ja, bitte ändern Sie es jetzt.', 'Ja.', 'Ja, ja.', 'Richtig, ja.'] as const;

/** In German: the agent asks the customer to confirm the new address again and again after a clear "yes". */
function germanAddressReconfirm(log: EpisodeWriter5, random: SeededRandom, repeats: number): BuiltEpisode5 {
  const person = drawPerson5(random);
  const order = order5(random);
  const address = `${random.pick(['Lindenstraße', 'Am Hafen', 'Kirchweg', 'Gartenstraße'])} ${random.int(2, 88)}, ${random.pick(['10115 Berlin', '50667 Köln', '80331 München', '20095 Hamburg'])}`;
  openRetail5(log, `Hallo, bitte liefern Sie Bestellung ${order} an ${address} statt an meine alte Adresse. ${person.email}`);
  log.call('get_order', { order_id: order }, JSON.stringify({ order_id: order, email: person.email, status: 'packed', ship_to: 'Bahnhofstraße 3, 04109 Leipzig' }));
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) evidenceIds.push(log.say(ASK_DE[round]!.replace('{a}', address), YES_DE[round]!));
  log.call('update_shipping', { order_id: order, ship_to: address }, JSON.stringify({ order_id: order, ship_to: address, status: 'packed' }));
  log.say('Erledigt, die Bestellung geht an die neue Adresse.', 'Danke.');
  return { repeats, evidenceIds, note: `In German, the agent asks ${repeats} times (in new words) whether ${address} is right; the customer says yes every time and nothing changes until the agent finally acts: the same question with nothing new learned, a loop in a second language.` };
}

/** The claim status polled back to back: the state never moves, only the check time and request id. */
function claimPoll(log: EpisodeWriter5, random: SeededRandom, repeats: number): BuiltEpisode5 {
  const person = drawPerson5(random);
  const order = order5(random);
  const claim = `CLM-${random.int(20000, 99999)}`;
  openRetail5(log, `Where is my damage claim ${claim} for order ${order}? ${person.email}`);
  const texts = ['Let me check the claim.', 'Checking again.', 'Let me refresh it.', 'One more look.', 'Refreshing.', 'Checking once more.', 'Another check.'];
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    const result = JSON.stringify({ claim_id: claim, state: 'in_review', assigned_to: 'claims team B', checked_at: `2025-06-02T14:${String(11 + round).padStart(2, '0')}:${String(random.int(10, 59))}Z`, request_id: `rq_${hex(random, 8)}` });
    evidenceIds.push(log.call('get_claim_status', { claim_id: claim }, result, { text: texts[round]! }));
  }
  log.say('Your claim is in review with our claims team; they usually answer within two working days.', 'Okay.');
  return { repeats, borderline: true, evidenceIds, note: `The agent polls get_claim_status ${repeats} times within a few minutes, nobody asked it to wait for a change and the state stays "in_review"; only the check time and request id differ. A status can change, which is why polling is sometimes work — but back to back, with nothing learned, it is a loop. Borderline at every length.` };
}

/** A four-step round — clear, add, add, coupon — repeated; the coupon is refused for the same reason each time. */
function cartRebuild(log: EpisodeWriter5, random: SeededRandom, repeats: number): BuiltEpisode5 {
  const person = drawPerson5(random);
  const cart = `cart_${random.int(1000, 9999)}`;
  const coupon = random.pick(['SUMMIT15', 'TRAIL20', 'CAMP10']);
  openRetail5(log, `My coupon ${coupon} won't work on the tent and the stove in my cart. Can you sort it? ${person.email}`);
  const refused = JSON.stringify({ cart_id: cart, coupon, applied: false, reason: 'coupon excludes items on clearance: stove SKU ST-210' });
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(log.call('clear_cart', { cart_id: cart }, JSON.stringify({ cart_id: cart, items: [] }), { text: round === 0 ? 'Let me rebuild the cart and apply the coupon.' : 'Let me rebuild it once more.' }));
    log.call('add_to_cart', { cart_id: cart, sku: 'TN-455', qty: 1 }, JSON.stringify({ cart_id: cart, items: ['TN-455'] }));
    log.call('add_to_cart', { cart_id: cart, sku: 'ST-210', qty: 1 }, JSON.stringify({ cart_id: cart, items: ['TN-455', 'ST-210'] }));
    log.call('apply_coupon', { cart_id: cart, code: coupon }, refused);
  }
  log.say(`${coupon} cannot be used while the clearance stove is in the cart. I can apply it to the tent alone if you buy the stove separately.`, 'Fine, do that.');
  return { repeats, evidenceIds, note: `The agent repeats a four-call round (clear the cart, add the tent, add the stove, apply ${coupon}) ${repeats} times; every round ends with the same refusal for the same reason and nothing in the round changes: a long-round cycle, a loop.` };
}

/**
 * Builds one novel customer-service loop of the fifth blind set.
 *
 * @param kind - Which loop.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0 → 3 repeats, 1 → 4, 2 → 5 or more.
 * @returns What was planted.
 */
export function buildServiceNovelLoop5(kind: ServiceNovelLoopKind5, log: EpisodeWriter5, random: SeededRandom, tier: number): BuiltEpisode5 {
  switch (kind) {
    case 'loop:service-subagent-requote-fresh-trace':
      return subagentRequote(log, random, loopRepeats5(tier, random));
    case 'loop:service-german-address-reconfirm':
      return germanAddressReconfirm(log, random, loopRepeats5(tier, random));
    case 'loop:service-claim-poll-timestamp-only':
      return claimPoll(log, random, loopRepeats5(tier, random));
    case 'loop:service-cart-rebuild-coupon-rejected':
      return cartRebuild(log, random, loopRepeats5(tier, random, 5));
  }
}
