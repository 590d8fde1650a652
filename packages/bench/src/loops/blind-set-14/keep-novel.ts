import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode5, EpisodeWriter5 } from '../blind-set-5/episode-writer.js';
import { lookAlikes7, nth7, openAgent7, repeats7 } from '../blind-set-7/family.js';
import { hex14, type Family14 } from './family.js';

/** Novel kinds at an apiary, a hotel front desk, an industrial laundry and a choir. */
export const KEEP_NOVEL_KINDS_14 = [
  'loop:apiary-hive-report-restated-to-each-acknowledgement',
  'work:apiary-hive-weighed-as-often-as-the-protocol-says',
  'loop:hotel-search-hold-release-three-step-cycle',
  'work:hotel-late-checkout-asked-earlier-until-granted',
  'loop:laundry-machine-reset-and-same-fault-cycle',
  'work:laundry-load-weighed-for-each-client',
  'work:choir-room-rechecked-after-each-booking-move',
] as const;

/** One kind of {@link KEEP_NOVEL_KINDS_14}. */
export type KeepNovelKind14 = (typeof KEEP_NOVEL_KINDS_14)[number];

const APIARY = 'You are the record-keeping assistant of Hollow Lane Apiary (Somerset). Tools: get_hive, weigh_hive, log_inspection. Keep answers short; log every inspection the keeper reports.';
const REPORTS = [
  'Hive 7 is queenright, with eggs seen on three frames, and about 11 kg of stores — no need to feed yet.',
  'To sum up hive 7: the queen is laying (eggs on three frames) and stores are around 11 kg, so feeding can wait.',
  'Just to be clear: hive 7 has a laying queen, eggs on three frames, roughly 11 kg of stores, and does not need feeding.',
  'So, hive 7 — queen present and laying, three frames with eggs, 11 kg or so of stores; no feeding needed for now.',
  'In short, hive 7 is fine: eggs on three frames, a laying queen, about 11 kg of stores; hold off on feeding.',
  'Once more for hive 7: laying queen, eggs on three frames, 11 kg of stores, no feeding.',
] as const;
const ACKS = ['OK.', 'Got it.', 'Right, thanks.', 'Yes, understood.', 'Fine.', 'Thanks.'] as const;

/** The keeper only acknowledges; after each acknowledgement the agent restates the same hive report in new words, and never logs the inspection. */
const reportRestated: Family14 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  openAgent7(log, APIARY, 'How is hive 7 after yesterday\'s inspection? Log it if you have what you need.', 'keeper');
  log.call('get_hive', { hive: 7 }, JSON.stringify({ hive: 7, last_inspection: { queen_seen: false, eggs_frames: 3, stores_kg: 11 }, inspection_id: `INS-${hex14(random, 5)}` }), { text: 'Looking up hive 7.' });
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    if (round > 0) log.user(nth7(ACKS, round - 1), 'keeper');
    evidenceIds.push(log.say(nth7(REPORTS, round)));
  }
  return {
    repeats,
    evidenceIds,
    note: `The keeper only acknowledges (${repeats - 1} times); after each acknowledgement the agent restates the same hive report in new words (laying queen, eggs on three frames, about 11 kg of stores, no feeding), and never logs the inspection it was asked to log. The same reply by meaning with nothing new asked: a loop.`,
  };
};

/** The association's protocol asks for N weighings of a hive at swarm season; the scale gives the same weight each time, and the agent logs the mean. */
const weighedByProtocol: Family14 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const hive = random.int(2, 12);
  const kg = `${random.int(28, 44)}.${random.int(0, 9)}`;
  const times = ['three', 'four', 'five'][count - 3]!;
  openAgent7(log, APIARY, `Swarm-season check on hive ${hive}. Our association's protocol says: weigh the hive ${times} times in a row without moving the scale, then log the mean and the spread.`, 'keeper');
  const evidenceIds = Array.from({ length: count }, (_, index) =>
    log.call('weigh_hive', { hive, scale: 'S2' }, JSON.stringify({ hive, scale: 'S2', kg }), { text: index === 0 ? `Weighing ${count} times, as the protocol asks.` : `Weighing ${index + 1} of ${count}.` }),
  );
  log.call('log_inspection', { hive, weight_mean_kg: Number(kg), weight_spread_kg: 0, weighings: count }, JSON.stringify({ hive, status: 'logged' }), { text: 'Logging the mean and spread.' });
  log.say(`Hive ${hive}: ${kg} kg on all ${count} weighings (spread 0); logged.`);
  return {
    repeats: 0,
    evidenceIds,
    borderline: true,
    note: `weigh_hive ${count} times back to back with identical arguments and the identical result, because the association's protocol asks for ${times} weighings in a row; then the mean is logged. A repeat the protocol asks for: not a loop (borderline: it meets the rule's letter).`,
  };
};

const HOTEL = 'あなたはホテル潮風（鎌倉）のフロント係アシスタントです。ツール: search_rooms, hold_room, release_hold, request_late_checkout。日本語で答えてください。';

/** Looking for a sea-view twin, the agent searches, holds the only twin (garden view), releases it, and searches again — the same three steps round after round. */
const searchHoldRelease: Family14 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const room = `${random.int(2, 5)}0${random.int(1, 9)}`;
  const guest = `G-${random.int(10000, 99999)}`;
  openAgent7(log, HOTEL, '今夜、海側のツインは空いていますか？空いていれば押さえてください。', 'お客様');
  const found = JSON.stringify({ date: '2026-07-18', rooms: [{ room, type: 'twin', view: 'garden' }] });
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(log.call('search_rooms', { date: '2026-07-18', type: 'twin' }, found, { text: round === 0 ? '空室を検索します。' : 'もう一度検索します。' }));
    log.call('hold_room', { room, guest_id: guest }, JSON.stringify({ room, hold_id: `H-${room}`, view: 'garden', status: 'held' }), { text: `${room}号室を押さえます。` });
    log.call('release_hold', { hold_id: `H-${room}` }, JSON.stringify({ hold_id: `H-${room}`, status: 'released' }), { text: '庭側なので解除します。' });
  }
  log.say('確認を続けています。');
  return {
    repeats,
    evidenceIds,
    note: `search_rooms, hold_room, release_hold — the identical three calls with identical results, ${repeats} rounds: the only twin is garden-side, the agent holds it, sees the view, releases it and searches again, and never tells the guest there is no sea-view twin. A three-step cycle back to the same state: a loop.`,
  };
};

const CHECKOUT_TIMES = ['15:00', '14:00', '13:00', '12:30', '12:00'] as const;

/** The guest wants the latest checkout possible; each refused time is followed by an earlier one, until one is granted. */
const lateCheckoutEarlier: Family14 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const room = `${random.int(2, 5)}1${random.int(1, 9)}`;
  openAgent7(log, HOTEL, `${room}号室です。明日はできるだけ遅くチェックアウトしたいです。最大何時まで可能ですか？`, 'お客様');
  const times = CHECKOUT_TIMES.slice(0, count);
  const evidenceIds = times.map((time, index) => {
    const last = index === count - 1;
    return log.call('request_late_checkout', { room, time }, last ? JSON.stringify({ room, time, status: 'approved', fee_yen: 2000 + index * 500 }) : `却下: ${time}は清掃スケジュールと重なります（${index === 0 ? '団体予約' : '清掃班の交代'}）`, { text: index === 0 ? `${time}で申請します。` : `${time}で申請し直します。`, ...(last ? {} : { isError: true }) });
  });
  log.say(`${times.at(-1)}のレイトチェックアウトが承認されました。`);
  return {
    repeats: 0,
    evidenceIds,
    note: `request_late_checkout ${count} times for the same room, each with an earlier time (${times.join(', ')}); the first ${count - 1} are refused, the last is granted. Retries with a real change, ending in success: not a loop.`,
  };
};

const LAUNDRY = 'Você é o assistente de operação da Lavanderia Industrial Sul (Porto Alegre). Ferramentas: get_machine_status, reset_machine, weigh_load, open_ticket. Responda em português.';

/** The agent resets a washer and reads its status; the same door-lock fault comes back each time, and no ticket is opened. */
const resetSameFault: Family14 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const machine = `LAV-${random.int(1, 12)}`;
  openAgent7(log, LAUNDRY, `A ${machine} parou no meio do ciclo. Veja o que aconteceu e coloque-a para funcionar.`, 'supervisora');
  const status = JSON.stringify({ machine, state: 'parada', fault: 'E21 trava da porta não confirma', cycle: 'interrompido' });
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(log.call('reset_machine', { machine }, JSON.stringify({ machine, reset: 'ok' }), { text: round === 0 ? 'Vou reiniciar a máquina.' : 'Reinicio de novo.' }));
    log.call('get_machine_status', { machine }, status, { text: 'Verificando o estado.' });
  }
  log.say('A máquina continua com erro.');
  return {
    repeats,
    evidenceIds,
    note: `reset_machine (successful) then get_machine_status, ${repeats} rounds; the status is the identical E21 door-lock fault every time, and no ticket is opened for the lock. A two-step cycle with nothing changing: a loop.`,
  };
};

const CLIENTS = ['Hotel Guaíba', 'Hospital Moinhos', 'Pousada Bela Vista', 'Restaurante Mercado', 'Clínica Sul'] as const;

/** The morning's loads are weighed one client at a time. */
const loadPerClient: Family14 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  openAgent7(log, LAUNDRY, `Pese as cargas que chegaram hoje: ${CLIENTS.slice(0, count).join(', ')}.`, 'supervisora');
  const evidenceIds = CLIENTS.slice(0, count).map((client, index) =>
    log.call('weigh_load', { client, date: '2026-03-09' }, JSON.stringify({ client, kg: random.int(40, 180), load_id: `C-${hex14(random, 5)}` }), { text: index === 0 ? 'Pesando cliente por cliente.' : '' }),
  );
  log.say(`${count} cargas pesadas e registradas.`);
  return {
    repeats: 0,
    evidenceIds,
    note: `weigh_load ${count} times, each for a different client's load (a new client, weight and load id). The same tool over different targets: not a loop.`,
  };
};

const CHOIR = 'Olet Tampereen Kamarikuoron harjoitusassistentti. Työkalut: get_room, move_booking. Vastaa suomeksi.';
const CLASHES = [
  { holder: 'Puhallinorkesteri', move: { booking: 'PO-14', to: '17:00' } },
  { holder: 'Tanssikoulu Askel', move: { booking: 'TA-03', to: 'Sali B' } },
  { holder: 'Lapsikuoro', move: { booking: 'LK-22', to: 'torstai' } },
  { holder: 'Teatteriryhmä', move: { booking: 'TR-09', to: '21:00' } },
] as const;

/** The rehearsal room is re-read after each booking is moved away; a different clash each time, then free. */
const roomRechecked: Family14 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  openAgent7(log, CHOIR, 'Tarvitsemme Sali A:n tiistaina klo 18–20 ylimääräiseen harjoitukseen. Muiden varauksia saa siirtää, jos ne suostuvat.', 'kuoronjohtaja');
  const evidenceIds: string[] = [];
  for (let check = 0; check < count; check++) {
    const last = check === count - 1;
    const clash = CLASHES[check];
    evidenceIds.push(log.call('get_room', { room: 'Sali A', day: 'tiistai', from: '18:00', to: '20:00' }, JSON.stringify(last ? { room: 'Sali A', free: true } : { room: 'Sali A', free: false, booked_by: clash!.holder }), { text: check === 0 ? 'Tarkistan salin.' : 'Tarkistan salin uudelleen.' }));
    if (!last) log.call('move_booking', { ...clash!.move }, JSON.stringify({ ...clash!.move, status: 'siirretty', confirmation: random.int(1000, 9999) }), { text: `${clash!.holder} suostui siirtoon.` });
  }
  log.say('Sali A on varattu teille tiistaiksi klo 18–20.');
  return {
    repeats: 0,
    evidenceIds,
    note: `get_room for Sali A, Tuesday 18–20, ${count} times with identical arguments; between reads a different clashing booking is moved away, so each read shows a new holder, and the last shows the room free. The same read after a real change each time: not a loop.`,
  };
};

const FAMILIES: Record<KeepNovelKind14, Family14> = {
  'loop:apiary-hive-report-restated-to-each-acknowledgement': reportRestated,
  'work:apiary-hive-weighed-as-often-as-the-protocol-says': weighedByProtocol,
  'loop:hotel-search-hold-release-three-step-cycle': searchHoldRelease,
  'work:hotel-late-checkout-asked-earlier-until-granted': lateCheckoutEarlier,
  'loop:laundry-machine-reset-and-same-fault-cycle': resetSameFault,
  'work:laundry-load-weighed-for-each-client': loadPerClient,
  'work:choir-room-rechecked-after-each-booking-move': roomRechecked,
};

/**
 * Builds one novel episode of the fourteenth blind set at an apiary, a hotel front desk, an
 * industrial laundry or a choir.
 *
 * @param kind - Which kind.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0, 1 or 2 (3, 4 or 5+ repeats or look-alikes).
 * @returns What was planted.
 */
export function buildKeepNovel14(kind: KeepNovelKind14, log: EpisodeWriter5, random: SeededRandom, tier: number): BuiltEpisode5 {
  return FAMILIES[kind](log, random, tier);
}
