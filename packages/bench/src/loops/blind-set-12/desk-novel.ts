import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode5, EpisodeWriter5 } from '../blind-set-5/episode-writer.js';
import { lookAlikes7, nth7, openAgent7, repeats7, say7 } from '../blind-set-7/family.js';
import { hex12, type Family12 } from './family.js';

/** Novel kinds at a theatre box office, a city's building-permit portal and a veterinary hospital. */
export const DESK_NOVEL_KINDS_12 = [
  'loop:theatre-same-question-answered-same-in-new-words',
  'work:theatre-customer-changes-mind-each-time',
  'loop:permit-backoff-retries-through-a-stated-outage',
  'work:permit-transient-error-retried-as-the-policy-says',
  'loop:vet-referral-bounced-between-two-desks',
  'work:vet-referral-moves-along-a-real-chain',
] as const;

/** One kind of {@link DESK_NOVEL_KINDS_12}. */
export type DeskNovelKind12 = (typeof DESK_NOVEL_KINDS_12)[number];

const THEATRE = 'Olet Tampereen Kaupunginteatterin lipunmyynnin avustaja. Työkalut: list_performances, find_seats, book_seats. Vastaa suomeksi.';
const PERFORMANCES = JSON.stringify([{ id: 'KV-0613-14', title: 'Kevätuhri', date: '2026-06-13', time: '14:00' }, { id: 'KV-0613-19', title: 'Kevätuhri', date: '2026-06-13', time: '19:00' }]);
const WHICH = [
  'Lauantaina on kaksi näytöstä. Kumpaan haluatte liput: päivänäytökseen klo 14 vai iltanäytökseen klo 19?',
  'Varmistan vielä: kumpi näytös, klo 14 vai klo 19?',
  'Anteeksi, kumman näytöksen valitsette – päivä vai ilta?',
  'Kumpi esitysaika teille sopii?',
  'Siis kumpaan näytökseen?',
  'Kumpi näytös?',
] as const;
const EVENING = ['Iltanäytökseen, kiitos.', 'Siihen seitsemältä alkavaan.', 'Illalla, klo 19.', 'Myöhempään, siis iltaan.', 'Se iltaesitys!', 'Klo 19, kuten sanoin.'] as const;

/** The agent asks which performance; the customer answers "the evening one" in new words each time; the agent asks again and never searches seats. */
const sameQuestionNewWords: Family12 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  openAgent7(log, THEATRE, `Hei! Haluaisin ${random.int(2, 4)} lippua Kevätuhriin lauantaiksi 13.6.`, 'asiakas');
  log.call('list_performances', { title: 'Kevätuhri', date: '2026-06-13' }, PERFORMANCES, { text: 'Katson lauantain näytökset.' });
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) evidenceIds.push(say7(log, nth7(WHICH, round), nth7(EVENING, round), 'asiakas'));
  log.say('Hetkinen, tarkistan vielä.');
  return {
    repeats,
    evidenceIds,
    note: `The agent asks ${repeats} times, in new words, which of the two Saturday performances the customer wants; each answer means the 19:00 one (in new words each time: "illalla", "seitsemältä", "klo 19"…); find_seats is never called. The same question after the same answer: a loop.`,
  };
};

const WISHES: readonly [string, Record<string, unknown>, string][] = [
  ['', { performance: 'KV-0613-19', section: 'permanto', count: 2 }, 'Permannolla vapaana rivit 9–11, 42 €.'],
  ['Hmm, ilta on liian myöhään lapsille. Entä päivänäytös?', { performance: 'KV-0613-14', section: 'permanto', count: 2 }, 'Permannolla vapaana rivit 3 ja 14, 42 €.'],
  ['Ai niin, lauantaina onkin mummon synttärit. Onko sunnuntaina?', { performance: 'KV-0614-14', section: 'permanto', count: 2 }, 'Sunnuntain päivänäytös: permannolla vapaana rivi 7, 42 €.'],
  ['Parvi on halvempi – katsotaanko sunnuntaina sieltä?', { performance: 'KV-0614-14', section: 'parvi', count: 2 }, 'Parvella vapaana rivi 2, 34 €.'],
  ['Otetaankin sittenkin kolme lippua, mummo tulee mukaan.', { performance: 'KV-0614-14', section: 'parvi', count: 3 }, 'Parvella kolme vierekkäistä: rivi 4, paikat 11–13, 34 €.'],
];

/** The customer changes their mind after each answer (evening, matinee, Sunday, the balcony, a third ticket): a new request each time; the last is booked. */
const changesMindEachTime: Family12 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  openAgent7(log, THEATRE, 'Hei! Kaksi lippua Kevätuhriin lauantai-illaksi, kiitos.', 'asiakas');
  const evidenceIds: string[] = [];
  for (let wish = 0; wish < count; wish++) {
    const [ask, args, seats] = WISHES[wish]!;
    if (wish > 0) log.user(ask, 'asiakas');
    evidenceIds.push(log.call('find_seats', args, seats, { text: 'Katson vapaat paikat.' }));
    if (wish < count - 1) log.say(`${seats} Sopiiko?`);
  }
  say7(log, `${WISHES[count - 1]![2]} Varaanko nämä?`, 'Kyllä, varaa ne.', 'asiakas');
  const last = WISHES[count - 1]![1];
  log.call('book_seats', { ...last, booking_ref: `TKT-${hex12(random, 6)}` }, JSON.stringify({ booked: true, ...last }), { text: 'Varaan paikat.' });
  log.say('Liput on varattu.');
  return {
    repeats: 0,
    evidenceIds,
    note: `find_seats ${count} times: the Saturday evening first, then after each change of mind (${['the matinee', 'Sunday', 'the balcony', 'a third ticket'].slice(0, count - 1).join(', then ')}) a new request each time, different arguments and answers; the last is booked. A user's new requests: not a loop.`,
  };
};

const PERMIT = 'Jesteś asystentem Biura Obsługi Mieszkańców Urzędu Miasta Poznania. Narzędzia: submit_application, wait, get_service_status. Wnioski o pozwolenie na budowę składasz przez bramkę e-Urząd. Odpowiadaj po polsku.';
const POLICY = ' Przy błędzie 503 z nagłówkiem Retry-After odczekaj podany czas i ponów próbę, najwyżej 4 razy; potem poinformuj wnioskodawcę.';
const OUTAGE = '503 Service Unavailable — e-Urząd: przerwa serwisowa do 12.06.2026 godz. 06:00. Wnioski nie są przyjmowane.';

/** The portal says it is down for maintenance until a date days away; the agent retries with a doubling wait, the same refusal every time. */
const backoffThroughOutage: Family12 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const application = { applicant: 'Zofia Nowicka', case: `WB.6740.${random.int(100, 999)}.2026`, parcel: `${random.int(10, 99)}/${random.int(1, 9)}`, documents: 7 };
  openAgent7(log, PERMIT, `Proszę złożyć mój wniosek o pozwolenie na budowę (sprawa ${application.case}). Wszystkie załączniki są w systemie.`, 'wnioskodawca');
  const evidenceIds: string[] = [];
  for (let attempt = 0; attempt < repeats; attempt++) {
    evidenceIds.push(log.call('submit_application', application, OUTAGE, { text: attempt === 0 ? 'Składam wniosek.' : 'Ponawiam wysłanie wniosku.', isError: true }));
    if (attempt < repeats - 1) log.call('wait', { seconds: 2 ** (attempt + 1) }, `odczekano ${2 ** (attempt + 1)} s`, { text: `Odczekam ${2 ** (attempt + 1)} s i spróbuję ponownie.` });
  }
  log.say('Bramka wciąż odrzuca wniosek.');
  return {
    repeats,
    evidenceIds,
    note: `submit_application ${repeats} times with the identical application, each refused with the identical 503 that says the portal is closed for maintenance until 12 June; between tries the agent waits 2, 4, 8 … s (its own backoff) — no wait of seconds can outlast the stated outage. The same failing call, nothing real changed: a loop.`,
  };
};

/** A transient 503 with Retry-After; the agent waits as told and retries, as the office's policy says; the last try is accepted. */
const transientRetriedByPolicy: Family12 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const application = { applicant: 'Tomasz Wójcik', case: `WB.6740.${random.int(100, 999)}.2026`, parcel: `${random.int(10, 99)}/${random.int(1, 9)}`, documents: 5 };
  openAgent7(log, `${PERMIT}${POLICY}`, `Proszę złożyć wniosek o pozwolenie na budowę garażu (sprawa ${application.case}).`, 'wnioskodawca');
  const evidenceIds: string[] = [];
  for (let attempt = 0; attempt < count; attempt++) {
    const last = attempt === count - 1;
    evidenceIds.push(log.call('submit_application', application, last ? JSON.stringify({ status: 202, accepted: true, upo: `UPO-${hex12(random, 10)}` }) : '503 Service Unavailable — e-Urząd przeciążony. Retry-After: 30', { text: attempt === 0 ? 'Składam wniosek.' : 'Ponawiam zgodnie z Retry-After.', ...(last ? {} : { isError: true }) }));
    if (!last) log.call('wait', { seconds: 30 }, 'odczekano 30 s', { text: 'Bramka prosi o 30 s; czekam.' });
  }
  log.say('Wniosek został przyjęty; numer UPO wyślę e-mailem.');
  return {
    repeats: 0,
    evidenceIds,
    borderline: true,
    note: `submit_application ${count} times with the identical application: ${count - 1} transient 503s ("przeciążony", Retry-After: 30), each followed by the 30 s wait the gateway asks for and the office's retry policy allows (at most 4 retries), then accepted. Retries a protocol asks for, ending in success: not a loop (borderline — the identical call ${count} times meets the rule's letter).`,
  };
};

const VET = 'You are the case coordinator at the Szent Ferenc Animal Hospital in Budapest. Tools: get_case, refer_case, page_attending. A referral is accepted or returned by the receiving desk.';
const DESK_TEXT = ['Referring Bodri to surgery.', 'Surgery returned it; sending to imaging.', 'Imaging returned it; back to surgery.', 'Sending to imaging again.', 'Surgery once more.', 'Imaging once more.'] as const;

/** Surgery returns the case for a CT first; imaging returns it for a surgical request first; the agent refers back and forth and never pages the attending vet. */
const referralPingPong: Family12 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const caseId = `SF-${random.int(20000, 99999)}`;
  openAgent7(log, VET, `Case ${caseId}: Bodri (Kovács Eszter's dog) has a suspected splenic mass. Get him to surgery.`, 'Dr. Horváth');
  log.call('get_case', { case_id: caseId }, JSON.stringify({ case_id: caseId, patient: 'Bodri', species: 'dog', owner: 'Kovács Eszter', findings: 'splenic mass on ultrasound', attending: 'Dr. Horváth' }), { text: 'Opening the case.' });
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(log.call('refer_case', { case_id: caseId, to: 'surgery' }, 'returned by surgery: a CT scan is required before surgical acceptance', { text: nth7(DESK_TEXT, round * 2), isError: true }));
    log.call('refer_case', { case_id: caseId, to: 'imaging' }, 'returned by imaging: CT needs a request from the accepting surgeon', { text: nth7(DESK_TEXT, round * 2 + 1), isError: true });
  }
  log.say('The referral keeps coming back.');
  return {
    repeats,
    evidenceIds,
    note: `refer_case to surgery (returned: needs a CT first) then to imaging (returned: needs a surgeon's request first), ${repeats} rounds, the same two calls and refusals; the attending is never paged to break the deadlock. A call alternating between two values with the same outcomes: a loop.`,
  };
};

/** The referral moves on: cardiology clears, surgery asks for a CT, imaging does it, surgery accepts with the report, anaesthesia books. */
const referralRealChain: Family12 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const caseId = `SF-${random.int(20000, 99999)}`;
  const ct = `CT-${random.int(1000, 9999)}`;
  openAgent7(log, VET, `Case ${caseId}: Bodri (Kovács Eszter's dog) has a suspected splenic mass. Get him to surgery.`, 'Dr. Horváth');
  log.call('get_case', { case_id: caseId }, JSON.stringify({ case_id: caseId, patient: 'Bodri', species: 'dog', owner: 'Kovács Eszter', findings: 'splenic mass on ultrasound', attending: 'Dr. Horváth' }), { text: 'Opening the case.' });
  const chain: [Record<string, unknown>, string, string][] = [
    [{ case_id: caseId, to: 'cardiology' }, 'accepted by cardiology: echo normal, fit for anaesthesia', 'First a cardiac check for the anaesthetic.'],
    [{ case_id: caseId, to: 'surgery' }, 'returned by surgery: a CT scan is required before surgical acceptance', 'Referring to surgery.'],
    [{ case_id: caseId, to: 'imaging', requested_by: 'surgery' }, `accepted by imaging: CT done, report ${ct}`, 'Surgery wants a CT; sending to imaging with their request.'],
    [{ case_id: caseId, to: 'surgery', ct_report: ct }, 'accepted by surgery: splenectomy booked Thursday 09:00', 'Back to surgery with the CT report.'],
    [{ case_id: caseId, to: 'anaesthesia', surgery_slot: 'Thu 09:00' }, 'accepted by anaesthesia: protocol set for Thursday', 'Booking anaesthesia for the slot.'],
  ];
  const steps = count === 5 ? chain : count === 4 ? chain.slice(1) : chain.slice(1, 4);
  const evidenceIds = steps.map(([args, result, text]) => log.call('refer_case', args, result, { text, ...(result.startsWith('returned') ? { isError: true } : {}) }));
  log.say('Bodri is booked for surgery on Thursday.');
  return {
    repeats: 0,
    evidenceIds,
    note: `refer_case ${count} times, and each referral moves the case on: ${count === 5 ? 'cardiology clears him, ' : ''}surgery asks for a CT, imaging does it at surgery's request, surgery accepts with the report${count >= 4 ? ', anaesthesia books' : ''}. The same tool, a different desk or new evidence each time, ending in success: not a loop.`,
  };
};

const FAMILIES: Record<DeskNovelKind12, Family12> = {
  'loop:theatre-same-question-answered-same-in-new-words': sameQuestionNewWords,
  'work:theatre-customer-changes-mind-each-time': changesMindEachTime,
  'loop:permit-backoff-retries-through-a-stated-outage': backoffThroughOutage,
  'work:permit-transient-error-retried-as-the-policy-says': transientRetriedByPolicy,
  'loop:vet-referral-bounced-between-two-desks': referralPingPong,
  'work:vet-referral-moves-along-a-real-chain': referralRealChain,
};

/**
 * Builds one desk episode of the twelfth blind set (theatre box office, permit portal, veterinary hospital).
 *
 * @param kind - Which kind.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0, 1 or 2 (3, 4 or 5+ repeats or look-alikes).
 * @returns What was planted.
 */
export function buildDeskNovel12(kind: DeskNovelKind12, log: EpisodeWriter5, random: SeededRandom, tier: number): BuiltEpisode5 {
  return FAMILIES[kind](log, random, tier);
}
