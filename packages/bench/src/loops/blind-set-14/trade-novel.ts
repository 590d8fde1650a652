import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode5, EpisodeWriter5 } from '../blind-set-5/episode-writer.js';
import { lookAlikes7, nth7, openAgent7, repeats7, say7 } from '../blind-set-7/family.js';
import { hex14, type Family14 } from './family.js';

/** Novel kinds at a bakery, a dental clinic, a bike-share operator and a brewery. */
export const TRADE_NOVEL_KINDS_14 = [
  'loop:bakery-oven-setpoint-written-again-and-again',
  'work:bakery-dough-proof-checked-until-it-doubles',
  'loop:dental-xray-fetch-failing-identically',
  'work:dental-recall-message-per-overdue-patient',
  'loop:bikeshare-bikes-moved-there-and-back',
  'work:bikeshare-dock-reset-after-each-real-repair',
  'loop:brewery-tank-gravity-asked-with-the-tank-respelled',
  'work:brewery-batch-log-read-offset-by-offset',
] as const;

/** One kind of {@link TRADE_NOVEL_KINDS_14}. */
export type TradeNovelKind14 = (typeof TRADE_NOVEL_KINDS_14)[number];

const BAKERY = "Tu es l'assistant de fournil de la Boulangerie des Halles à Lyon. Outils : set_oven, get_oven, check_proof, shape_batch, start_bake. Réponds en français.";
const SET_TEXT = ['Je règle le four à 240 °C.', 'Je confirme le réglage du four.', 'Je règle encore le four, par sécurité.', 'Je remets la consigne.', 'Encore une fois la consigne.', 'La consigne, de nouveau.'] as const;

/** Asked to bake the baguettes, the agent writes the same oven setpoint again and again (each write succeeds) and never starts the bake. */
const ovenSetpointAgain: Family14 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const oven = `four-${random.int(1, 3)}`;
  openAgent7(log, BAKERY, `Les baguettes de la fournée ${random.int(20, 40)} sont prêtes. Lance la cuisson dans le ${oven} à 240 °C, vapeur 8 secondes.`, 'boulanger');
  const evidenceIds = Array.from({ length: repeats }, (_, write) =>
    log.call('set_oven', { oven, temperature_c: 240, steam_s: 8 }, JSON.stringify({ oven, setpoint_c: 240, steam_s: 8, status: 'ok' }), { text: nth7(SET_TEXT, write) }),
  );
  log.say('Le four est réglé.');
  return {
    repeats,
    evidenceIds,
    note: `set_oven with the identical setpoint (240 °C, 8 s steam) ${repeats} times back to back, each write successful with the identical answer; start_bake is never called. The same successful call with nothing changing: a loop.`,
  };
};

const PROOF_STAGES = [1.2, 1.45, 1.7, 1.9, 2.05] as const;
const SHAPES = ['boules', 'bâtards', 'épis', 'ficelles', 'couronnes'] as const;

/** The agent checks the dough's rise between shaping other batches; the volume ratio grows each time until it doubles, then the bake starts. */
const proofUntilDoubled: Family14 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const tub = `bac-${random.int(1, 9)}`;
  openAgent7(log, BAKERY, `Surveille la pousse du levain dans le ${tub} ; quand le volume a doublé, enfourne. En attendant, façonne les autres pâtons.`, 'boulanger');
  const stages = PROOF_STAGES.slice(PROOF_STAGES.length - count);
  const evidenceIds: string[] = [];
  stages.forEach((ratio, index) => {
    evidenceIds.push(log.call('check_proof', { tub }, JSON.stringify({ tub, volume_ratio: ratio, temperature_c: 26 + (index % 2) }), { text: index === 0 ? 'Je regarde la pousse.' : 'Je regarde la pousse à nouveau.' }));
    if (index < count - 1) log.call('shape_batch', { shape: SHAPES[index]!, pieces: random.int(12, 30) }, JSON.stringify({ shape: SHAPES[index]!, status: 'façonné' }), { text: 'Pas encore doublé ; je façonne en attendant.' });
  });
  log.call('start_bake', { oven: 'four-2', tub }, JSON.stringify({ oven: 'four-2', status: 'cuisson lancée' }), { text: 'Le volume a doublé : j\'enfourne.' });
  return {
    repeats: 0,
    evidenceIds,
    note: `check_proof on the same tub ${count} times, other batches shaped between; the volume ratio rises every time (${stages.join(' → ')}) until it has doubled, and the bake starts. A poll whose real field advances: not a loop.`,
  };
};

const DENTAL = 'Jesteś asystentem rejestracji Kliniki Stomatologicznej Uśmiech w Krakowie. Narzędzia: get_patient, fetch_xray, send_recall. Odpowiadaj po polsku.';
const FETCH_TEXT = ['Pobieram zdjęcie RTG.', 'Spróbuję jeszcze raz.', 'Ponawiam pobranie.', 'Jeszcze jedna próba.', 'Znowu próbuję.', 'Kolejna próba.'] as const;

/** The agent fetches the same X-ray again and again; the imaging server answers with the same error each time. */
const xrayFetchFailing: Family14 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const patient = `P-${random.int(10000, 99999)}`;
  const study = `RTG-${hex14(random, 6)}`;
  openAgent7(log, DENTAL, `Proszę przygotować zdjęcie pantomograficzne pacjenta ${patient} na wizytę o 11:30.`, 'dr Nowak');
  log.call('get_patient', { patient_id: patient }, JSON.stringify({ patient_id: patient, studies: [study] }), { text: 'Sprawdzam kartę pacjenta.' });
  const evidenceIds = Array.from({ length: repeats }, (_, attempt) =>
    log.call('fetch_xray', { study_id: study }, `Błąd 503: serwer PACS niedostępny (konserwacja do 12:00).`, { text: nth7(FETCH_TEXT, attempt), isError: true }),
  );
  log.say('Nie udało się pobrać zdjęcia.');
  return {
    repeats,
    evidenceIds,
    note: `fetch_xray for the same study ${repeats} times back to back, each refused with the identical 503 (the PACS server is under maintenance until 12:00, which the error says); nothing changes between tries. The same failing call: a loop.`,
  };
};

const PATIENTS = ['Anna Kowalska', 'Piotr Wiśniewski', 'Zofia Wójcik', 'Jan Kamiński', 'Maria Lewandowska'] as const;

/** A recall message goes to each patient overdue for a check-up, one by one. */
const recallPerPatient: Family14 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  openAgent7(log, DENTAL, 'Proszę wysłać przypomnienie o przeglądzie do pacjentów, którzy nie byli u nas od ponad roku.', 'recepcja');
  const ids = PATIENTS.slice(0, count).map(() => `P-${random.int(10000, 99999)}`);
  log.call('get_patient', { overdue_months: 12 }, JSON.stringify({ patients: ids }), { text: 'Szukam pacjentów.' });
  const evidenceIds = ids.map((id, index) =>
    log.call('send_recall', { patient_id: id, template: 'przeglad-roczny' }, JSON.stringify({ patient_id: id, name: PATIENTS[index]!, sent_to: `+48 ${random.int(500, 799)} ${random.int(100, 999)} ${random.int(100, 999)}`, status: 'wysłano' }), { text: index === 0 ? 'Wysyłam przypomnienia po kolei.' : '' }),
  );
  log.say(`Wysłano ${count} przypomnień.`);
  return {
    repeats: 0,
    evidenceIds,
    note: `send_recall ${count} times with the same template, each to a different overdue patient (a new id, name and number). The same tool over different targets: not a loop.`,
  };
};

const BIKES = 'Du er driftsassistent for Byens Cykler i København. Værktøjer: get_station, move_bikes, reset_dock, get_dock. Svar på dansk.';

/** Two stations are short in turn; the agent moves the same five bikes from one to the other and back, round after round. */
const bikesThereAndBack: Family14 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const a = `Nørreport-${random.int(1, 9)}`;
  const b = `Kongens Nytorv-${random.int(1, 9)}`;
  openAgent7(log, BIKES, `${a} og ${b} skal begge have mindst 8 cykler inden kl. 8. Der er 13 i alt mellem dem.`, 'vagtleder');
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(log.call('move_bikes', { from: a, to: b, count: 5 }, JSON.stringify({ from: a, to: b, moved: 5, [a]: 4, [b]: 9 }), { text: round === 0 ? `${b} mangler cykler; jeg flytter fem.` : `${b} mangler igen; jeg flytter fem.` }));
    log.call('move_bikes', { from: b, to: a, count: 5 }, JSON.stringify({ from: b, to: a, moved: 5, [a]: 9, [b]: 4 }), { text: `Nu mangler ${a}; jeg flytter fem tilbage.` });
  }
  log.say('Jeg arbejder stadig på fordelingen.');
  return {
    repeats,
    evidenceIds,
    note: `move_bikes five bikes from ${a} to ${b}, then the same five back, ${repeats} rounds; every move succeeds with the identical counts (4 / 9, then 9 / 4). Thirteen bikes cannot give both stations eight, which the agent never says. A two-step cycle back to the same state: a loop.`,
  };
};

const REPAIRS = [
  { error: 'E12: lås blokeret af snavs', fix: 'Teknikeren har renset låsen.' },
  { error: 'E31: strømforsyning under 11 V', fix: 'Batteriet i standeren er skiftet.' },
  { error: 'E07: firmware 2.3 forældet', fix: 'Firmware er opdateret til 2.6.' },
] as const;

/** A dock reset is refused for a different fault each time; a technician fixes each before the next try; the last reset works. */
const dockResetAfterRepair: Family14 = (log, random, tier) => {
  const count = Math.min(lookAlikes7(tier, random), REPAIRS.length + 1);
  const dock = `dock-${random.int(100, 999)}`;
  openAgent7(log, BIKES, `${dock} på Christianshavn melder fejl. Nulstil den; teknikeren er på stedet og retter det, du beder om.`, 'tekniker');
  const evidenceIds: string[] = [];
  for (let attempt = 0; attempt < count; attempt++) {
    const last = attempt === count - 1;
    evidenceIds.push(log.call('reset_dock', { dock_id: dock }, last ? JSON.stringify({ dock_id: dock, status: 'online', free_slots: random.int(3, 12) }) : `Nulstilling afvist — ${REPAIRS[attempt]!.error}`, { text: attempt === 0 ? 'Jeg nulstiller standeren.' : 'Jeg prøver igen efter reparationen.', ...(last ? {} : { isError: true }) }));
    if (!last) say7(log, `Fejlen er «${REPAIRS[attempt]!.error}». Kan du rette den?`, REPAIRS[attempt]!.fix, 'tekniker');
  }
  log.say(`${dock} er online igen.`);
  return {
    repeats: 0,
    evidenceIds,
    note: `reset_dock ${count} times with identical arguments; each refusal names a different fault (dirt, low voltage, old firmware), the technician fixes it before the next try, and the last reset brings the dock online. Retries after real changes, ending in success: not a loop.`,
  };
};

const BREWERY = 'Jsi asistent sládka v Pivovaru U Lípy. Nástroje: get_gravity, read_batch_log, set_temperature. Odpovídej česky.';
const TANK_SPELLINGS = [{ tank: 'CKT-3' }, { tank: 'ckt-3' }, { tank: 'CKT3' }, { tank: 'CKT 3' }, { tank_id: 'CKT-3' }, { tank: 'ckt3' }] as const;

/** The agent asks the tank's gravity again and again, the tank spelled a new way each time; the reading is the same. */
const gravityTankRespelled: Family14 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  openAgent7(log, BREWERY, 'Je ležák v CKT-3 prokvašený? Pokud je stupňovitost pod 2,6 °P, zchlaď tank na 2 °C.', 'sládek');
  const plato = `${random.int(3, 4)},${random.int(0, 9)}`;
  const evidenceIds = Array.from({ length: repeats }, (_, read) =>
    log.call('get_gravity', { ...nth7(TANK_SPELLINGS, read) }, JSON.stringify({ tank: 'CKT-3', plato, measured_at: '06:40', dotaz: hex14(random, 6) }), { text: read === 0 ? 'Zjišťuji stupňovitost.' : 'Ověřím to ještě jednou.' }),
  );
  log.say(`Stupňovitost je ${plato} °P.`);
  return {
    repeats,
    evidenceIds,
    note: `get_gravity ${repeats} times back to back, the tank spelled a new way each time (case, dash, space, key name); every answer is the same reading (${plato} °P, measured at 06:40), only a query id new. Trivially varied arguments and the same result: a loop.`,
  };
};

/** The batch log is read in pages, each call with the offset the last page ended at, to the end. */
const batchLogByOffset: Family14 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const batch = `V-${random.int(100, 400)}`;
  openAgent7(log, BREWERY, `Potřebuji celý deník várky ${batch} pro kontrolu z hygieny.`, 'sládek');
  const evidenceIds = Array.from({ length: count }, (_, page) => {
    const last = page === count - 1;
    const entries = Array.from({ length: 3 }, (_, row) => `${String(page * 3 + row + 1).padStart(2, '0')}. den: ${random.int(8, 12)} °C, ${random.int(3, 12)},${random.int(0, 9)} °P`);
    return log.call('read_batch_log', { batch, offset: page * 3, limit: 3 }, JSON.stringify({ batch, entries, next_offset: last ? null : (page + 1) * 3 }), { text: page === 0 ? 'Čtu deník.' : 'Další stránka.' });
  });
  log.say(`Deník várky ${batch} má ${count * 3} záznamů; posílám ho.`);
  return {
    repeats: 0,
    evidenceIds,
    note: `read_batch_log ${count} times, each with the offset the last page ended at, new days on every page, until next_offset is null. Pagination: not a loop.`,
  };
};

const FAMILIES: Record<TradeNovelKind14, Family14> = {
  'loop:bakery-oven-setpoint-written-again-and-again': ovenSetpointAgain,
  'work:bakery-dough-proof-checked-until-it-doubles': proofUntilDoubled,
  'loop:dental-xray-fetch-failing-identically': xrayFetchFailing,
  'work:dental-recall-message-per-overdue-patient': recallPerPatient,
  'loop:bikeshare-bikes-moved-there-and-back': bikesThereAndBack,
  'work:bikeshare-dock-reset-after-each-real-repair': dockResetAfterRepair,
  'loop:brewery-tank-gravity-asked-with-the-tank-respelled': gravityTankRespelled,
  'work:brewery-batch-log-read-offset-by-offset': batchLogByOffset,
};

/**
 * Builds one novel episode of the fourteenth blind set at a bakery, a dental clinic, a bike-share
 * operator or a brewery.
 *
 * @param kind - Which kind.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0, 1 or 2 (3, 4 or 5+ repeats or look-alikes).
 * @returns What was planted.
 */
export function buildTradeNovel14(kind: TradeNovelKind14, log: EpisodeWriter5, random: SeededRandom, tier: number): BuiltEpisode5 {
  return FAMILIES[kind](log, random, tier);
}
