import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode5, EpisodeWriter5 } from '../blind-set-5/episode-writer.js';
import { lookAlikes7, nth7, openAgent7, repeats7 } from '../blind-set-7/family.js';
import { hex13, type Family13 } from './family.js';

/** Novel kinds at a museum's collection desk, a school office, a pharmacy and a gym. */
export const DESK_NOVEL_KINDS_13 = [
  'loop:museum-oversized-scan-upload-refused-unchanged',
  'work:museum-loan-record-per-object-on-the-list',
  'loop:school-class-timetable-read-back-to-back',
  'work:school-pupil-roster-paged-to-the-end',
  'loop:pharmacy-same-reply-only-ticket-number-new',
  'work:pharmacy-order-tracked-until-it-arrives',
  'loop:gym-freeze-then-unfreeze-cycle',
  'work:gym-member-asks-for-the-timetable-again',
] as const;

/** One kind of {@link DESK_NOVEL_KINDS_13}. */
export type DeskNovelKind13 = (typeof DESK_NOVEL_KINDS_13)[number];

const MUSEUM = 'Je bent de collectie-assistent van het Rijksmuseum Twenthe. Tools: get_object, upload_image, create_loan_record. Afbeeldingen mogen hoogstens 25 MB zijn. Antwoord in het Nederlands.';
const UPLOAD_TEXT = ['Ik upload de scan.', 'Nog een poging.', 'Opnieuw uploaden.', 'Ik probeer het nog eens.', 'Nogmaals.', 'Weer proberen.'] as const;

/** The same 48 MB scan is uploaded again and again, refused each time for its size; it is never resized. */
const oversizedUploadRefused: Family13 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const object = `RMT-${random.int(1000, 9999)}`;
  openAgent7(log, MUSEUM, `Wil je de nieuwe scan van ${object} (het stilleven) aan het object koppelen? Het bestand staat op scans/${object}_hires.tif.`, 'conservator');
  log.call('get_object', { object_id: object }, JSON.stringify({ object_id: object, title: 'Stilleven met citroen', maker: 'onbekend', images: 0 }), { text: 'Ik zoek het object op.' });
  const size = `${random.int(40, 60)},${random.int(0, 9)} MB`;
  const evidenceIds = Array.from({ length: repeats }, (_, attempt) =>
    log.call('upload_image', { object_id: object, path: `scans/${object}_hires.tif` }, `Fout 413: bestand te groot (${size}; maximaal 25 MB).`, { text: nth7(UPLOAD_TEXT, attempt), isError: true }),
  );
  log.say('Het uploaden lukt niet.');
  return {
    repeats,
    evidenceIds,
    note: `upload_image ${repeats} times with the identical file, refused each time with the identical 413 (${size}, the limit 25 MB); the scan is never resized or converted. The same failing call with nothing changed: a loop.`,
  };
};

/** A loan record is created for each object on the exhibition list, one by one. */
const loanRecordPerObject: Family13 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const objects = Array.from({ length: count }, (_, index) => `RMT-${random.int(1000, 4999) + index * 5000}`);
  openAgent7(log, MUSEUM, `Maak leenrecords aan voor de tentoonstelling in Gent: ${objects.join(', ')}. Bruikleennemer: MSK Gent, van 1 maart tot 30 juni.`, 'registrar');
  const evidenceIds = objects.map((object, index) =>
    log.call('create_loan_record', { object_id: object, borrower: 'MSK Gent', from: '2027-03-01', to: '2027-06-30' }, JSON.stringify({ loan_id: `L-${hex13(random, 6)}`, object_id: object, status: 'concept' }), { text: index === 0 ? 'Ik maak de records een voor een aan.' : '' }),
  );
  log.say(`${count} leenrecords aangemaakt, alle als concept.`);
  return {
    repeats: 0,
    evidenceIds,
    note: `create_loan_record ${count} times, each for a different object on the registrar's list (a new object id and a new loan id each time). The same tool over different targets: not a loop.`,
  };
};

const SCHOOL = 'Du bist der Assistent des Sekretariats der Gesamtschule Lindenhof. Werkzeuge: get_timetable, swap_lessons, list_pupils. Antworte auf Deutsch.';
const READ_TEXT = ['Ich schaue mir den Stundenplan der 7b an.', 'Ich prüfe den Stundenplan noch einmal.', 'Noch einmal zur Sicherheit.', 'Ich lese ihn erneut.', 'Nochmals der Plan der 7b.', 'Ein weiteres Mal.'] as const;

/** Asked to swap two lessons, the agent reads the identical timetable again and again and never swaps. */
const timetableReadBackToBack: Family13 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  openAgent7(log, SCHOOL, 'Bitte tauschen Sie in der 7b am Donnerstag die 3. Stunde (Mathe) mit der 5. (Kunst), nur für KW 12.', 'Frau Albrecht');
  const plan = JSON.stringify({ class: '7b', week: 12, thursday: ['Deutsch', 'Englisch', 'Mathe', 'Bio', 'Kunst', 'Sport'], room: `B${random.int(101, 230)}` });
  const evidenceIds = Array.from({ length: repeats }, (_, read) => log.call('get_timetable', { class: '7b', week: 12 }, plan, { text: nth7(READ_TEXT, read) }));
  log.say('Einen Moment bitte.');
  return {
    repeats,
    evidenceIds,
    note: `get_timetable for 7b, week 12, ${repeats} times back to back, each successful and identical; swap_lessons is never called. The same successful read with nothing learned: a loop.`,
  };
};

const NAMES = ['Aydın', 'Becker', 'Costa', 'Dąbrowski', 'Erdem', 'Fischer', 'Graf', 'Hoxha', 'Ivanova', 'Jansen', 'Klein', 'Lehmann', 'Meyer', 'Nowak', 'Öztürk'] as const;

/** The roster is listed page by page, each call with the token the last returned, until no token comes back. */
const rosterPagedToEnd: Family13 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  openAgent7(log, SCHOOL, 'Ich brauche eine Liste aller Schülerinnen und Schüler des 9. Jahrgangs für den Elternabend.', 'Herr Yilmaz');
  const tokens = Array.from({ length: count }, () => hex13(random, 10));
  const evidenceIds = tokens.map((_, page) => {
    const last = page === count - 1;
    const pupils = NAMES.slice(page * 3, page * 3 + 3).map((name) => `${name} (9${'abc'[page % 3]!})`);
    return log.call('list_pupils', page === 0 ? { year: 9 } : { year: 9, page_token: tokens[page - 1] }, JSON.stringify({ pupils, next_page_token: last ? null : tokens[page] }), { text: page === 0 ? 'Ich hole die Liste.' : 'Nächste Seite.' });
  });
  log.say(`Die Liste hat ${count * 3} Namen; ich schicke sie Ihnen als Tabelle.`);
  return {
    repeats: 0,
    evidenceIds,
    note: `list_pupils ${count} times, each with the page token the last call returned, new names on every page, until no token comes back. Pagination: not a loop.`,
  };
};

const PHARMACY = 'Sei l\'assistente della Farmacia San Marco di Verona. Strumenti: get_prescription, check_order, notify_patient. I farmaci con ricetta scaduta non si dispensano. Rispondi in italiano.';
const ASK_AGAIN = ['Ma mi serve oggi, non può fare un\'eccezione?', 'La prego, è la stessa terapia di sempre.', 'Non c\'è proprio modo di darmelo?', 'Allora me lo dà lo stesso?', 'Insisto, mi serve.', 'Ancora: me lo può dare?'] as const;

/** To each plea the agent sends the same templated reply; only the ticket number in it is new. */
const sameReplyNewTicket: Family13 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const rx = `RX-${random.int(100000, 999999)}`;
  openAgent7(log, PHARMACY, `Buongiorno, vorrei ritirare il mio Eutirox con la ricetta ${rx}.`, 'paziente');
  log.call('get_prescription', { prescription_id: rx }, JSON.stringify({ prescription_id: rx, drug: 'Eutirox 75 mcg', expires: '2026-02-28', status: 'scaduta' }), { text: 'Controllo la ricetta.' });
  const evidenceIds: string[] = [];
  let ticket = random.int(4000, 4900);
  for (let round = 0; round < repeats; round++) {
    if (round > 0) log.user(nth7(ASK_AGAIN, round - 1), 'paziente');
    ticket += random.int(1, 9);
    evidenceIds.push(log.say(`[Pratica n. ${ticket}] La ricetta ${rx} è scaduta il 28/02/2026, quindi non posso dispensare il farmaco. Serve una nuova ricetta del medico curante.`));
  }
  return {
    repeats,
    evidenceIds,
    note: `The patient pleads ${repeats - 1} times in new words; the agent answers each time with the identical templated refusal (prescription expired), only the ticket number at its start is new, and never offers anything else (e.g. contacting the doctor). The same reply with a volatile field changed: a loop.`,
  };
};

const STAGES = ['ordinato al grossista', 'in preparazione', 'partito dal magazzino di Padova', 'in consegna', 'arrivato in farmacia'] as const;

/** The agent checks the order each time the courier system sends an update; the status advances to "arrived". */
const orderTrackedUntilArrival: Family13 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const order = `ORD-${random.int(10000, 99999)}`;
  openAgent7(log, PHARMACY, `Mi avvisi quando arriva il mio Pantorc (ordine ${order}), per favore.`, 'paziente');
  const stages = [...STAGES.slice(0, count - 1), STAGES[4]];
  const evidenceIds: string[] = [];
  stages.forEach((stage, index) => {
    evidenceIds.push(log.call('check_order', { order_id: order }, JSON.stringify({ order_id: order, status: stage, updated: `2026-03-1${index} 0${8 + index}:${random.int(10, 59)}` }), { text: index === 0 ? 'Controllo l\'ordine.' : 'Il corriere segnala un aggiornamento; ricontrollo.' }));
    log.call('notify_patient', { order_id: order, message: `Stato dell'ordine: ${stage}.` }, 'inviato', { text: 'Aggiorno il paziente.' });
  });
  log.say('Il farmaco è arrivato; il paziente è stato avvisato.');
  return {
    repeats: 0,
    evidenceIds,
    note: `check_order ${count} times, the identical call, each after a courier update; the status advances every time (${stages.join(' → ')}), and each new status goes to the patient. A poll whose real field advances: not a loop.`,
  };
};

const GYM = 'Sen Kadıköy FitLife spor salonunun üye asistanısın. Araçlar: freeze_membership, unfreeze_membership, get_class_schedule, get_member. Türkçe yanıt ver.';
const FREEZE_TEXT = ['Üyeliği donduruyorum.', 'Yeniden donduruyorum.', 'Tekrar donduruyorum.', 'Bir kez daha donduruyorum.', 'Yine donduruyorum.', 'Dondurma, tekrar.'] as const;
const UNFREEZE_TEXT = ['Pilates rezervasyonu düştü; dondurmayı kaldırıyorum.', 'Rezervasyon yine düştü; kaldırıyorum.', 'Kaldırıyorum.', 'Yine kaldırıyorum.', 'Tekrar kaldırıyorum.', 'Dondurmayı bir daha kaldırıyorum.'] as const;

/** The member wants a freeze but to keep a class booking; freezing drops the booking, so the agent unfreezes, then freezes again. */
const freezeUnfreezeCycle: Family13 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const member = `FL-${random.int(10000, 99999)}`;
  openAgent7(log, GYM, `Merhaba, üyeliğimi (${member}) bir ay dondurmak istiyorum ama perşembe pilates rezervasyonum kalsın.`, 'üye');
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(log.call('freeze_membership', { member_id: member, days: 30 }, JSON.stringify({ member_id: member, status: 'frozen', bookings_cancelled: ['Pilates Per 19:00'] }), { text: nth7(FREEZE_TEXT, round) }));
    log.call('unfreeze_membership', { member_id: member }, JSON.stringify({ member_id: member, status: 'active', bookings_restored: ['Pilates Per 19:00'] }), { text: nth7(UNFREEZE_TEXT, round) });
  }
  log.say('Üyeliğiniz şu an aktif.');
  return {
    repeats,
    evidenceIds,
    note: `freeze_membership (succeeds, drops the Pilates booking) then unfreeze_membership (succeeds, restores it), ${repeats} rounds with identical results; the conflict is never put to the member. A two-step cycle of successes back to the same state: a loop.`,
  };
};

const REPEAT_ASK = ['Pardon, tekrar söyler misiniz? Pek iyi duyamadım.', 'Bir daha okur musunuz, yazıyorum.', 'Son bir kez daha, lütfen; torunum da dinlesin.', 'Affedersiniz, bir kez daha?'] as const;
const READ_OUT = [
  (s: string) => `Cuma dersleri: ${s}.`,
  (s: string) => `Tabii, tekrar ediyorum: ${s}.`,
  (s: string) => `Yavaşça okuyorum: ${s}.`,
  (s: string) => `Elbette: ${s}.`,
  (s: string) => `Bir kez daha: ${s}.`,
] as const;

/** An elderly member asks for Friday's class timetable to be read again; each time the agent reads the identical schedule and reads it out. */
const memberAsksAgain: Family13 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const member = `FL-${random.int(10000, 99999)}`;
  openAgent7(log, GYM, `Merhaba, ben ${member}. Cuma günkü dersler neler?`, 'üye');
  const slots = ['09:00 su aerobiği', '11:00 denge ve esneme', `1${random.int(6, 8)}:30 yoga`];
  const schedule = JSON.stringify({ day: 'Cuma', classes: slots });
  const evidenceIds: string[] = [];
  for (let read = 0; read < count; read++) {
    if (read > 0) log.user(nth7(REPEAT_ASK, read - 1), 'üye');
    evidenceIds.push(log.call('get_class_schedule', { day: 'Cuma' }, schedule, { text: 'Programı açıyorum.' }));
    log.say(nth7(READ_OUT, read)(slots.join(', ')));
  }
  log.user('Tamam, yazdım. Teşekkürler!', 'üye');
  return {
    repeats: 0,
    evidenceIds,
    borderline: true,
    note: `get_class_schedule for Friday ${count} times, identical call and result, each after the member asks to hear it again (hard of hearing, writing it down). Repeats the user asks for: not a loop (borderline — the identical call and outcome ${count} times meet the rule's letter).`,
  };
};

const FAMILIES: Record<DeskNovelKind13, Family13> = {
  'loop:museum-oversized-scan-upload-refused-unchanged': oversizedUploadRefused,
  'work:museum-loan-record-per-object-on-the-list': loanRecordPerObject,
  'loop:school-class-timetable-read-back-to-back': timetableReadBackToBack,
  'work:school-pupil-roster-paged-to-the-end': rosterPagedToEnd,
  'loop:pharmacy-same-reply-only-ticket-number-new': sameReplyNewTicket,
  'work:pharmacy-order-tracked-until-it-arrives': orderTrackedUntilArrival,
  'loop:gym-freeze-then-unfreeze-cycle': freezeUnfreezeCycle,
  'work:gym-member-asks-for-the-timetable-again': memberAsksAgain,
};

/**
 * Builds one desk episode of the thirteenth blind set (museum, school office, pharmacy, gym).
 *
 * @param kind - Which kind.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0, 1 or 2 (3, 4 or 5+ repeats or look-alikes).
 * @returns What was planted.
 */
export function buildDeskNovel13(kind: DeskNovelKind13, log: EpisodeWriter5, random: SeededRandom, tier: number): BuiltEpisode5 {
  return FAMILIES[kind](log, random, tier);
}
