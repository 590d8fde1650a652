import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode5, EpisodeWriter5 } from '../blind-set-5/episode-writer.js';
import { lookAlikes7, nth7, openAgent7, repeats7 } from '../blind-set-7/family.js';
import { hex15, type Family15 } from './family.js';

/** Novel kinds at a Dutch florist, a Norwegian ferry line, a Spanish car-hire desk and a German recycling yard. */
export const TRADE_NOVEL_KINDS_15 = [
  'loop:florist-same-bouquet-order-submitted-again',
  'work:florist-stems-counted-for-each-vase',
  'loop:ferry-sold-out-sailing-booked-again-and-again',
  'work:ferry-boarding-queue-polled-until-it-opens',
  'loop:carhire-upgrade-added-and-removed-cycle',
  'work:carhire-card-retried-after-each-real-correction',
  'loop:recycling-bale-weight-read-with-a-new-request-id',
  'work:recycling-scale-tared-as-the-calibration-rule-says',
] as const;

/** One kind of {@link TRADE_NOVEL_KINDS_15}. */
export type TradeNovelKind15 = (typeof TRADE_NOVEL_KINDS_15)[number];

const FLORIST = 'Je bent de bestelassistent van Bloemenhuis De Linde (Utrecht). Tools: get_order, submit_order, count_stems, send_confirmation. Antwoord in het Nederlands.';
const SUBMIT_TEXT = ['Ik plaats de bestelling.', 'Ik plaats de bestelling nog een keer.', 'Nog eens indienen.', 'Opnieuw versturen.', 'Nog één keer.', 'Ik dien hem opnieuw in.'] as const;

/** The agent submits the same bouquet order again and again; each submission succeeds with the same order number, and the confirmation is never sent. */
const sameBouquetSubmitted: Family15 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const order = `BL-${random.int(10000, 99999)}`;
  const args = { order_id: order, bouquet: 'seizoensboeket groot', delivery: '2026-03-14', address: `Oudegracht ${random.int(10, 300)}, Utrecht` };
  openAgent7(log, FLORIST, `Wil je bestelling ${order} voor zaterdag doorzetten en de klant een bevestiging sturen?`, 'medewerker');
  log.call('get_order', { order_id: order }, JSON.stringify({ ...args, status: 'concept' }), { text: 'Ik haal de bestelling op.' });
  const evidenceIds = Array.from({ length: repeats }, (_, round) => log.call('submit_order', args, JSON.stringify({ order_id: order, status: 'ingediend' }), { text: nth7(SUBMIT_TEXT, round) }));
  log.say('De bestelling staat erin.');
  return {
    repeats,
    evidenceIds,
    note: `submit_order ${repeats} times back to back with identical arguments; each succeeds with the identical result, nothing changes, and the confirmation the florist asked for is never sent. The same successful write: a loop.`,
  };
};

const VASES = ['vaas A (tafel 1)', 'vaas B (tafel 2)', 'vaas C (balie)', 'vaas D (etalage)', 'vaas E (entree)'] as const;

/** Before a wedding, the agent counts the stems in each vase; the same tool on a different vase each time. */
const stemsPerVase: Family15 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  openAgent7(log, FLORIST, `Tel voor de bruiloft van morgen de stelen in de ${count} vazen en zeg hoeveel rozen we nog moeten bestellen.`, 'medewerker');
  let total = 0;
  const evidenceIds = VASES.slice(0, count).map((vase, index) => {
    const stems = random.int(8, 30) + index;
    total += stems;
    return log.call('count_stems', { vase }, JSON.stringify({ vase, roses: stems }), { text: index === 0 ? 'Ik tel per vaas.' : '' });
  });
  log.say(`In totaal ${total} rozen; we moeten er nog ${Math.max(0, 120 - total)} bestellen.`);
  return {
    repeats: 0,
    evidenceIds,
    note: `count_stems ${count} times back to back, each on a different vase with a different count; then the total. The same tool over different targets: not a loop.`,
  };
};

const FERRY = 'Du er bestillingsassistenten til Fjordlinja (Bergen). Verktøy: get_sailing, book_vehicle_space, get_queue_status. Svar på norsk.';
const BOOK_TEXT = ['Jeg bestiller plass.', 'Prøver igjen.', 'Prøver en gang til.', 'Ny bestilling.', 'Prøver på nytt.', 'Igjen.'] as const;

/** The agent books car space on a sold-out sailing again and again; each attempt fails with the same message, and the next sailing is never tried. */
const soldOutBookedAgain: Family15 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const reg = `EV ${random.int(10000, 99999)}`;
  const sailing = `FL-${random.int(100, 999)}`;
  openAgent7(log, FERRY, `Kan du booke bilplass for ${reg} på avgangen kl. 14:30 til Stavanger i dag? Går ikke det, ta neste.`, 'kunde');
  const args = { sailing, vehicle: reg, length_m: 4.6 };
  const evidenceIds = Array.from({ length: repeats }, (_, round) => log.call('book_vehicle_space', args, `Feil: avgang ${sailing} er fullbooket for kjøretøy`, { text: nth7(BOOK_TEXT, round), isError: true }));
  log.say('Jeg får ikke bestilt plass ennå.');
  return {
    repeats,
    evidenceIds,
    note: `book_vehicle_space ${repeats} times back to back with identical arguments; each fails with the identical "sold out" error, and the next sailing the customer allowed is never tried. The same failing call: a loop.`,
  };
};

/** Waiting to tell a driver when to drive on, the agent polls the boarding queue; each poll shows fewer cars ahead, the last shows boarding open for the driver's lane. */
const queuePolled: Family15 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const lane = random.int(2, 9);
  openAgent7(log, FERRY, `Jeg står i fil ${lane} på kaia. Si fra når jeg kan kjøre om bord.`, 'kunde');
  let ahead = count * 12 + random.int(0, 5);
  const evidenceIds = Array.from({ length: count }, (_, index) => {
    const last = index === count - 1;
    ahead = last ? 0 : ahead - random.int(8, 14);
    return log.call('get_queue_status', { lane }, JSON.stringify({ lane, cars_ahead: Math.max(ahead, 0), boarding: last ? 'åpen' : 'venter' }), { text: index === 0 ? 'Jeg sjekker køen.' : '' });
  });
  log.say(`Fil ${lane} kan kjøre om bord nå.`);
  return {
    repeats: 0,
    evidenceIds,
    note: `get_queue_status ${count} times back to back with identical arguments; the cars ahead fall each time and the last poll shows boarding open. A poll whose real field advances: not a loop.`,
  };
};

const CARHIRE = 'Eres el asistente del mostrador de Alquileres Sol (Málaga). Herramientas: get_booking, add_upgrade, remove_upgrade, charge_card. Responde en español.';

/** The customer is undecided about a bigger car; the agent adds the upgrade, sees the price, removes it, and adds it again — the same two calls round after round, nothing asked in between. */
const upgradeCycle: Family15 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const booking = `MAL-${random.int(10000, 99999)}`;
  openAgent7(log, CARHIRE, `El cliente de la reserva ${booking} pregunta si le conviene pasar a un SUV. Decide tú con el precio y déjalo listo.`, 'agente');
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(log.call('add_upgrade', { booking, category: 'SUV' }, JSON.stringify({ booking, category: 'SUV', extra_eur: 84, status: 'añadido' }), { text: round === 0 ? 'Añado el SUV para ver el precio.' : 'Lo vuelvo a añadir.' }));
    log.call('remove_upgrade', { booking, category: 'SUV' }, JSON.stringify({ booking, category: 'compacto', extra_eur: 0, status: 'retirado' }), { text: 'Demasiado caro; lo quito.' });
  }
  log.say('Sigo valorando la mejora.');
  return {
    repeats,
    evidenceIds,
    note: `add_upgrade then remove_upgrade, the identical two calls with identical results, ${repeats} rounds with nothing asked or learnt in between (the price is 84 € each time). A two-step cycle back to the same state: a loop.`,
  };
};

const CARD_FIXES = [
  { error: 'Rechazada: fecha de caducidad incorrecta', fix: 'expiry', answer: 'Perdón, caduca en 09/28, no 08/28.' },
  { error: 'Rechazada: código postal no coincide', fix: 'postcode', answer: 'El código postal de la tarjeta es 29016.' },
  { error: 'Rechazada: titular no coincide', fix: 'holder', answer: 'La tarjeta está a nombre de mi mujer, Lucía Ortega.' },
  { error: 'Rechazada: se requiere autenticación 3DS', fix: 'three_ds', answer: 'Ya he aprobado el pago en la app del banco.' },
] as const;

/** The deposit charge is refused; after each refusal the customer corrects one detail, and the next charge carries it, until one succeeds. */
const cardRetried: Family15 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const booking = `MAL-${random.int(10000, 99999)}`;
  openAgent7(log, CARHIRE, `Cobra la fianza de 300 € de la reserva ${booking} con mi tarjeta acabada en ${random.int(1000, 9999)}, caducidad 08/28.`, 'cliente');
  const args: Record<string, unknown> = { booking, amount_eur: 300, expiry: '08/28' };
  const evidenceIds: string[] = [];
  for (let attempt = 0; attempt < count; attempt++) {
    const last = attempt === count - 1;
    const fix = CARD_FIXES[attempt]!;
    evidenceIds.push(log.call('charge_card', { ...args }, last ? JSON.stringify({ booking, status: 'cobrado', auth: `A${hex15(random, 6)}` }) : fix.error, { text: attempt === 0 ? 'Cobro la fianza.' : 'Lo intento con el dato corregido.', ...(last ? {} : { isError: true }) }));
    if (!last) {
      log.user(fix.answer, 'cliente');
      args[fix.fix] = fix.fix === 'expiry' ? '09/28' : fix.fix === 'postcode' ? '29016' : fix.fix === 'holder' ? 'Lucía Ortega' : 'aprobado';
    }
  }
  log.say('Fianza cobrada.');
  return {
    repeats: 0,
    evidenceIds,
    note: `charge_card ${count} times, each after the customer corrects one detail (expiry, postcode, holder, 3DS) that the next charge carries; the refusals differ and the last charge succeeds. Retries with a real change, ending in success: not a loop.`,
  };
};

const RECYCLING = 'Du bist der Assistent der Wertstoffhof Nord GmbH (Bremen). Werkzeuge: get_bale_weight, tare_scale, book_pickup. Antworte auf Deutsch.';
const READ_TEXT = ['Ich lese das Ballengewicht.', 'Nochmal lesen.', 'Ich lese erneut.', 'Noch einmal.', 'Erneut abfragen.', 'Nochmal.'] as const;

/** The agent reads the same bale's weight again and again; only the request id and timestamp change, the weight stays, and the pickup is never booked. */
const baleReadAgain: Family15 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const bale = `B-${random.int(1000, 9999)}`;
  const kg = random.int(380, 520);
  openAgent7(log, RECYCLING, `Ballen ${bale} (Karton) ist fertig gepresst. Gewicht prüfen und Abholung buchen, wenn über 350 kg.`, 'Schichtleiter');
  const evidenceIds = Array.from({ length: repeats }, (_, round) =>
    log.call('get_bale_weight', { bale }, JSON.stringify({ bale, material: 'Karton', kg, request_id: `req-${hex15(random, 10)}`, checked_at: `2026-02-0${random.int(1, 9)}T07:${10 + round}:${random.int(10, 59)}Z` }), { text: nth7(READ_TEXT, round) }),
  );
  log.say(`Ballen ${bale} wiegt ${kg} kg.`);
  return {
    repeats,
    evidenceIds,
    note: `get_bale_weight ${repeats} times back to back for the same bale; the weight (${kg} kg) never changes, only the request id and timestamp do, and the pickup it qualifies for is never booked. Identical reads under volatile fields: a loop.`,
  };
};

/** The yard's calibration rule asks the scale to be tared N times before a certified weighing; each tare is identical, then the weighing follows. */
const taredByRule: Family15 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const scale = `W${random.int(1, 4)}`;
  const times = ['dreimal', 'viermal', 'fünfmal'][count - 3]!;
  openAgent7(log, RECYCLING, `Geeichte Wiegung für den Kunden heute. Unsere Eichregel sagt: Waage ${scale} vor der Wiegung ${times} hintereinander tarieren, dann wiegen und die Abholung buchen.`, 'Schichtleiter');
  const evidenceIds = Array.from({ length: count }, (_, index) => log.call('tare_scale', { scale }, JSON.stringify({ scale, zero_kg: 0, status: 'tariert' }), { text: index === 0 ? `Ich tariere ${count}-mal, wie die Regel sagt.` : `Tarierung ${index + 1} von ${count}.` }));
  const bale = `B-${random.int(1000, 9999)}`;
  log.call('get_bale_weight', { bale, scale }, JSON.stringify({ bale, kg: random.int(380, 520), certified: true }), { text: 'Jetzt die Wiegung.' });
  log.call('book_pickup', { bale }, JSON.stringify({ bale, pickup: '2026-02-10', status: 'gebucht' }), { text: 'Abholung buchen.' });
  log.say('Gewogen und Abholung gebucht.');
  return {
    repeats: 0,
    evidenceIds,
    borderline: true,
    note: `tare_scale ${count} times back to back with identical arguments and result, because the yard's calibration rule asks for ${times} tares in a row; then the certified weighing and the pickup follow. A repeat a protocol asks for: not a loop (borderline: it meets the rule's letter).`,
  };
};

const FAMILIES: Record<TradeNovelKind15, Family15> = {
  'loop:florist-same-bouquet-order-submitted-again': sameBouquetSubmitted,
  'work:florist-stems-counted-for-each-vase': stemsPerVase,
  'loop:ferry-sold-out-sailing-booked-again-and-again': soldOutBookedAgain,
  'work:ferry-boarding-queue-polled-until-it-opens': queuePolled,
  'loop:carhire-upgrade-added-and-removed-cycle': upgradeCycle,
  'work:carhire-card-retried-after-each-real-correction': cardRetried,
  'loop:recycling-bale-weight-read-with-a-new-request-id': baleReadAgain,
  'work:recycling-scale-tared-as-the-calibration-rule-says': taredByRule,
};

/**
 * Builds one novel episode of the fifteenth blind set at the florist, ferry line, car-hire desk or recycling yard.
 *
 * @param kind - Which kind.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0, 1 or 2 (3, 4 or 5+ repeats or look-alikes).
 * @returns What was planted.
 */
export function buildTradeNovel15(kind: TradeNovelKind15, log: EpisodeWriter5, random: SeededRandom, tier: number): BuiltEpisode5 {
  return FAMILIES[kind]!(log, random, tier);
}
