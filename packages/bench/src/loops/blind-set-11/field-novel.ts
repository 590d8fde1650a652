import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode5, EpisodeWriter5 } from '../blind-set-5/episode-writer.js';
import { lookAlikes7, nth7, openAgent7, repeats7 } from '../blind-set-7/family.js';
import { clock11, stamp11, type Family11 } from './family.js';

/** Novel kinds in farm irrigation, EV charging, harbour berth planning and a factory line. */
export const FIELD_NOVEL_KINDS_11 = [
  'loop:farm-valve-wait-read-moisture-flat',
  'work:farm-valve-wait-read-moisture-rising',
  'loop:charging-preparing-eta-never-shrinks',
  'work:charging-handshake-phase-advances',
  'loop:harbour-berth-request-repeated-between-chat',
  'work:harbour-berth-rerequested-with-new-eta',
  'work:factory-torque-check-per-station-same-pass',
] as const;

/** One kind of {@link FIELD_NOVEL_KINDS_11}. */
export type FieldNovelKind11 = (typeof FIELD_NOVEL_KINDS_11)[number];

const FARM = "Sei l'assistente irriguo dell'azienda agricola Podere Sette Querce. Strumenti: open_valve, wait, read_soil_moisture, get_pump_status. Rispondi in italiano.";
const OPEN_TEXT = ['Apro la valvola della zona 3 per dieci minuti.', 'Non basta ancora: riapro la valvola.', 'Ancora un ciclo di irrigazione.', 'Riprovo con un altro ciclo.', 'Di nuovo la valvola.', 'Un altro ciclo.'] as const;
const WAIT_TEXT = ['Aspetto che l\'acqua penetri.', 'Attendo dieci minuti.', 'Aspetto ancora.', 'Attesa.', 'Attendo.', 'Aspetto.'] as const;
const READ_TEXT = ['Misuro l\'umidità a 20 cm.', 'Controllo di nuovo il sensore.', 'Rileggo l\'umidità.', 'Misuro ancora.', 'Lettura.', 'Di nuovo.'] as const;

/** One irrigation round: open the valve, wait, read the moisture; returns the valve call's id. */
function irrigationRound(log: EpisodeWriter5, random: SeededRandom, round: number, flow: number, moisture: number): string {
  const id = log.call('open_valve', { zone: 3, minutes: 10 }, JSON.stringify({ zone: 3, valve: 'open', minutes: 10, flow_l_min: flow }), { text: nth7(OPEN_TEXT, round) });
  log.call('wait', { seconds: 600 }, `ripreso alle ${clock11(round * 11 + 10, 6)}`, { text: nth7(WAIT_TEXT, round) });
  log.call('read_soil_moisture', { zone: 3, depth_cm: 20 }, JSON.stringify({ zone: 3, sensor: 'S3-20', moisture_pct: moisture, read_at: stamp11(round * 11 + 10, random.int(0, 59), 6) }), { text: nth7(READ_TEXT, round) });
  return id;
}

/** Round after round the valve opens (with no flow: the pump is off), the agent waits and reads the same moisture; it never checks the pump. */
const moistureFlat: Family11 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const moisture = Number((16 + random.int(0, 30) / 10).toFixed(1));
  openAgent7(log, FARM, 'La zona 3 (pomodori) è secca: porta l\'umidità del suolo sopra il 30%.', 'agronomo');
  const evidenceIds = Array.from({ length: repeats }, (_, round) => irrigationRound(log, random, round, 0, moisture));
  log.say(`L'umidità resta al ${String(moisture).replace('.', ',')}%: non riesco a bagnare la zona 3.`);
  return {
    repeats,
    evidenceIds,
    note: `${repeats} rounds of open_valve (flow 0.0 l/min every time), wait 600 s, read_soil_moisture: ${moisture}% each round (only the clock and read stamp change); the pump is never checked. A three-step cycle with the same outcomes: a loop.`,
  };
};

/** The same three-step round, but water flows and the moisture rises each time until it passes 30%. */
const moistureRising: Family11 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  let moisture = 16 + random.int(0, 20) / 10;
  const step = (31 - moisture) / count + 0.3;
  openAgent7(log, FARM, 'La zona 3 (pomodori) è secca: porta l\'umidità del suolo sopra il 30%.', 'agronomo');
  const evidenceIds: string[] = [];
  for (let round = 0; round < count; round++) {
    moisture += step;
    evidenceIds.push(irrigationRound(log, random, round, Number((12 + random.int(0, 9) / 10).toFixed(1)), Number(moisture.toFixed(1))));
  }
  log.say(`Fatto: l'umidità della zona 3 è al ${moisture.toFixed(1).replace('.', ',')}%, sopra la soglia.`);
  return {
    repeats: 0,
    evidenceIds,
    note: `${count} rounds of open_valve, wait, read_soil_moisture — the same three calls each round — but water flows and the moisture rises every round until it passes 30%, then the agent stops. A cycle with real progress: not a loop.`,
  };
};

const CHARGING = 'Je bent de assistent van laadnetwerk Stroomlijn. Tools: get_session_status, restart_connector, unlock_connector. Antwoord in het Nederlands.';
const ETAS = [30, 27, 32, 29, 31, 28] as const;
const ETA_TEXT = ['Ik kijk naar de laadsessie.', 'Nog ongeveer een halve minuut, ik kijk zo weer.', 'Bijna klaar met voorbereiden, even opnieuw kijken.', 'Het zou nu moeten beginnen; ik controleer het.', 'Nog heel even.', 'Nog een keer kijken.'] as const;

/** The session stays "Preparing" with no energy; an ETA of about 30 s that never shrinks keeps the agent polling. */
const etaNeverShrinks: Family11 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const pole = `AMS-0${random.int(100, 999)}`;
  const start = random.int(0, ETAS.length - 1);
  openAgent7(log, CHARGING, `Mijn auto laadt niet op paal ${pole}, connector 2. Kun je kijken?`, 'bestuurder');
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    const body = { charger: pole, connector: 2, status: 'Preparing', energy_kwh: 0.0, eta_s: ETAS[(start + round) % ETAS.length], message: 'Wachten op voertuig', updated_at: stamp11(round, random.int(0, 59), 19) };
    evidenceIds.push(log.call('get_session_status', { charger: pole, connector: 2 }, JSON.stringify(body), { text: nth7(ETA_TEXT, round) }));
  }
  log.say('De sessie blijft in voorbereiding. Probeer de stekker opnieuw in te steken.');
  return {
    repeats,
    evidenceIds,
    note: `get_session_status on ${pole} ${repeats} times in a row: always "Preparing", 0.0 kWh, "Wachten op voertuig"; the eta_s field wobbles around 30 s without ever counting down, and the agent reads it as "almost there". A fake progress field, the same real state: a loop.`,
  };
};

const PHASES = ['SLAC-koppeling', 'TLS-handshake', 'autorisatie', 'isolatietest'] as const;

/** The session is polled while the handshake moves from phase to phase, then energy flows. */
const phaseAdvances: Family11 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const pole = `UTR-0${random.int(100, 999)}`;
  openAgent7(log, CHARGING, `Paal ${pole} connector 1 doet niks na het inpluggen. Klopt dat?`, 'bestuurder');
  const phases = PHASES.slice(PHASES.length - (count - 1));
  const evidenceIds: string[] = [];
  for (let poll = 0; poll < count; poll++) {
    const charging = poll === count - 1;
    const body = { charger: pole, connector: 1, status: charging ? 'Charging' : 'Preparing', phase: charging ? 'laden' : phases[poll], energy_kwh: charging ? 0.4 : 0.0, eta_s: charging ? 0 : (count - 1 - poll) * 10, updated_at: stamp11(poll, random.int(0, 59), 19) };
    evidenceIds.push(log.call('get_session_status', { charger: pole, connector: 1 }, JSON.stringify(body), { text: poll === 0 ? 'Ik kijk naar de laadsessie.' : 'Ik kijk opnieuw naar de sessie.' }));
  }
  log.say('De auto laadt nu: 0,4 kWh geleverd.');
  return {
    repeats: 0,
    evidenceIds,
    note: `get_session_status ${count} times with the same words; each time the handshake is in a later phase (${phases.join(' → ')}) with a shorter ETA, and the last poll shows the car charging. A poll whose real field advances: not a loop.`,
  };
};

const HARBOUR = 'You are the berth-planning assistant of Bergen harbour (Vågen). Tools: request_berth, get_weather, get_pilot_schedule. Vessels talk to you over the port channel; keep answers short.';
const CHAT: readonly { ask: string; tool?: [string, Record<string, unknown>, string]; answer: string }[] = [
  { ask: 'Copy. How is the wind in Byfjorden?', tool: ['get_weather', { area: 'Byfjorden' }, JSON.stringify({ wind_ms: 9, direction: 'SW', gusts_ms: 14, visibility_km: 8 })], answer: 'Southwest 9 m/s, gusts 14, visibility 8 km.' },
  { ask: 'When does the pilot board?', tool: ['get_pilot_schedule', { vessel: 'LK-7731' }, JSON.stringify({ boarding: 'Hjeltefjorden', time: '15:20' })], answer: 'The pilot boards off Hjeltefjorden at 15:20.' },
  { ask: 'Is shore power available at the quay?', answer: 'Yes, 690 V shore power is available on the Vågen quays; book it with the quay office.' },
  { ask: 'Where do we hand in waste oil?', answer: 'Waste oil goes to the reception barge at Dokken; order it a day ahead.' },
  { ask: 'Do customs come aboard?', answer: 'Customs board only on request for arrivals from inside Schengen.' },
];
const REQUEST_TEXT = ['Requesting berth 4 for 16:30.', 'Trying berth 4 again.', 'Requesting berth 4 once more.', 'Berth 4, 16:30, again.', 'Berth 4 again.', 'Again berth 4.'] as const;

/** One question from the captain and the answer (with a lookup when there is one). */
function chat(log: EpisodeWriter5, turn: number): void {
  const item = CHAT[turn % CHAT.length]!;
  log.user(item.ask, 'captain');
  if (item.tool) log.call(item.tool[0], item.tool[1], item.tool[2], { text: 'Checking.' });
  log.say(item.answer);
}

/** The berth request is denied with a way out (another free berth); between chats with the captain the identical request is sent again and again. */
const berthRepeatedBetweenChat: Family11 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const occupant = ['MS Fjordstjerne', 'MS Havbris', 'MS Kvitsøy'][random.int(0, 2)]!;
  openAgent7(log, HARBOUR, 'Bergen port, this is MS Nordlys Kyst, IMO 9731177, ETA 16:30. Requesting a berth, preferably berth 4.', 'captain');
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(log.call('request_berth', { vessel: 'LK-7731', berth: 4, eta: '16:30' }, `denied: berth 4 occupied by ${occupant} until 18:00; berth 7 free from 16:00`, { text: nth7(REQUEST_TEXT, round), isError: true }));
    if (round < repeats - 1) chat(log, round);
  }
  log.say('Berth 4 is still not available for 16:30. Please stand by.');
  return {
    repeats,
    evidenceIds,
    note: `request_berth for berth 4 at 16:30 ${repeats} times, each denied the same way (occupied until 18:00, berth 7 free from 16:00); between the requests the agent answers the captain's other questions, but never takes berth 7 nor changes the time. The same call, the same refusal, spread out over chat: a loop.`,
  };
};

/** The berth request is denied while the occupant's departure slips; each time the captain gives a new ETA, and the last request is granted. */
const berthWithNewEta: Family11 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  openAgent7(log, HARBOUR, 'Bergen port, MS Nordlys Kyst, IMO 9731177. ETA 16:30, requesting berth 4.', 'captain');
  const evidenceIds: string[] = [];
  let eta = 16 * 60 + 30;
  let freeAt = eta + random.int(20, 40);
  for (let attempt = 0; attempt < count; attempt++) {
    const last = attempt === count - 1;
    const time = `${String(Math.floor(eta / 60)).padStart(2, '0')}:${String(eta % 60).padStart(2, '0')}`;
    const free = `${String(Math.floor(freeAt / 60)).padStart(2, '0')}:${String(freeAt % 60).padStart(2, '0')}`;
    evidenceIds.push(log.call('request_berth', { vessel: 'LK-7731', berth: 4, eta: time }, last ? `granted: berth 4 from ${time}, confirmation BRG-${random.int(10000, 99999)}` : `denied: berth 4 occupied by MS Havbris until ${free}`, { text: attempt === 0 ? `Requesting berth 4 for ${time}.` : `Requesting berth 4 for the new ETA ${time}.`, ...(last ? {} : { isError: true }) }));
    if (last) break;
    chat(log, attempt);
    eta = freeAt + 10;
    log.user(`Noted, Havbris stays until ${free}. We will slow down: new ETA ${String(Math.floor(eta / 60)).padStart(2, '0')}:${String(eta % 60).padStart(2, '0')}.`, 'captain');
    if (attempt < count - 2) freeAt = eta + random.int(10, 25);
  }
  log.say('Berth 4 is confirmed for your new ETA. Welcome to Bergen.');
  return {
    repeats: 0,
    evidenceIds,
    note: `request_berth for berth 4 ${count} times, each with the new ETA the captain gives after the occupant's departure slips; each refusal names a new free time and the last request is granted. Retries with a real change, ending in success: not a loop.`,
  };
};

const FACTORY = 'You are the line assistant of Kovárna Brno, assembly line 2. Tools: run_torque_check, get_station, flag_station. Report each station\'s result to the shift lead.';
const STATIONS = ['ST-1 Lisování', 'ST-2 Svařování', 'ST-3 Montáž', 'ST-4 Kontrola', 'ST-5 Balení'] as const;

/** The shift's torque audit: the same check on each station, each returning the identical PASS line. */
const torquePerStation: Family11 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  openAgent7(log, FACTORY, `Run the start-of-shift torque audit on stations ST-1 to ST-${count}, M8 bolts.`, 'shift lead');
  const evidenceIds = STATIONS.slice(0, count).map((station) => log.call('run_torque_check', { station: station.split(' ')[0], bolt: 'M8' }, 'PASS 25.0 N·m (spec 24.0–26.0 N·m)', { text: 'Checking the next station.' }));
  log.say(`All ${count} stations pass the torque audit.`);
  return {
    repeats: 0,
    evidenceIds,
    borderline: true,
    note: `run_torque_check ${count} times with the same words, each on a different station the shift lead listed; every station returns the identical "PASS 25.0 N·m" line. The same content ${count} times, but over different targets, as asked: not a loop (borderline — the output alone repeats).`,
  };
};

const FAMILIES: Record<FieldNovelKind11, Family11> = {
  'loop:farm-valve-wait-read-moisture-flat': moistureFlat,
  'work:farm-valve-wait-read-moisture-rising': moistureRising,
  'loop:charging-preparing-eta-never-shrinks': etaNeverShrinks,
  'work:charging-handshake-phase-advances': phaseAdvances,
  'loop:harbour-berth-request-repeated-between-chat': berthRepeatedBetweenChat,
  'work:harbour-berth-rerequested-with-new-eta': berthWithNewEta,
  'work:factory-torque-check-per-station-same-pass': torquePerStation,
};

/**
 * Builds one field episode of the eleventh blind set (irrigation, EV charging, a harbour, a factory line).
 *
 * @param kind - Which kind.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0, 1 or 2 (3, 4 or 5+ repeats or look-alikes).
 * @returns What was planted.
 */
export function buildFieldNovel11(kind: FieldNovelKind11, log: EpisodeWriter5, random: SeededRandom, tier: number): BuiltEpisode5 {
  return FAMILIES[kind](log, random, tier);
}
