import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode5, EpisodeWriter5 } from '../blind-set-5/episode-writer.js';
import { lookAlikes7, nth7, openAgent7, repeats7, say7 } from '../blind-set-7/family.js';
import { hex11, type Family11 } from './family.js';

/** Novel kinds in a newsroom, retail banking, a restaurant kitchen and a genealogy archive. */
export const DESK_NOVEL_KINDS_11 = [
  'loop:newsroom-publish-confirmation-asked-again-after-yes',
  'work:newsroom-signoff-asked-of-each-editor',
  'loop:bank-transfer-bounces-to-draft-same-otp',
  'work:bank-otp-resent-on-customer-request',
  'loop:kitchen-oven-setpoint-flip-flop',
  'work:kitchen-oven-alternated-per-tray-recipe',
  'loop:genealogy-birthdate-reformatted-same-no-match',
  'work:genealogy-date-format-fixed-then-range-widened',
] as const;

/** One kind of {@link DESK_NOVEL_KINDS_11}. */
export type DeskNovelKind11 = (typeof DESK_NOVEL_KINDS_11)[number];

const NEWSROOM = 'Du bist der Redaktionsassistent der Rheinischen Morgenpost. Werkzeuge: get_article, publish_correction. Korrekturen brauchen die Freigabe der Chefredaktion, der Rechtsabteilung und des Chefs vom Dienst. Antworte auf Deutsch.';
const CONFIRM = [
  'Soll ich die Korrektur „21 Mio. Euro statt 12 Mio. Euro“ jetzt veröffentlichen?',
  'Nur zur Sicherheit: Die Korrektur geht sofort online. Wirklich jetzt veröffentlichen?',
  'Bevor ich es tue – bestätigen Sie bitte noch einmal, dass die Korrektur live gehen soll.',
  'Ich möchte ganz sicher sein: Veröffentlichen, ja?',
  'Darf ich also veröffentlichen?',
  'Noch einmal zur Bestätigung: veröffentlichen?',
] as const;
const YES = ['Ja, bitte veröffentlichen.', 'Ja! Jetzt.', 'Ja, ich habe doch schon ja gesagt.', 'JA. Bitte veröffentlichen.', 'Ja.', 'Ja, zum letzten Mal.'] as const;

/** The editor (already the last sign-off) says yes; the agent asks for the same confirmation again in new words, never publishing. */
const confirmationAfterYes: Family11 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const article = `RM-${random.int(20000, 99999)}`;
  openAgent7(log, NEWSROOM, `Im Artikel ${article} „Brückensanierung Deutz“ steht 12 Mio. statt 21 Mio. Euro. Chefredaktion und Recht haben freigegeben, ich bin CvD: bitte die Korrektur veröffentlichen.`, 'CvD');
  log.call('get_article', { article_id: article }, JSON.stringify({ article_id: article, title: 'Brückensanierung Deutz', paragraph_3: 'Die Sanierung kostet 12 Mio. Euro.', approvals: ['chefredaktion', 'recht'] }), { text: 'Ich öffne den Artikel.' });
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) evidenceIds.push(say7(log, nth7(CONFIRM, round), nth7(YES, round), 'CvD'));
  log.say('Ich habe die Korrektur vorbereitet.');
  return {
    repeats,
    evidenceIds,
    note: `The duty editor, the last sign-off, asks for the correction to be published; the agent asks ${repeats} times in new words whether to publish, each answered "Ja", and publish_correction is never called. The same question after the same answer: a loop.`,
  };
};

const EDITORS: readonly [string, string][] = [
  ['Chefredaktion', 'Frau Albers'],
  ['Rechtsabteilung', 'Herr Okonkwo'],
  ['Chef vom Dienst', 'Frau Wiśniewska'],
  ['Ressortleitung Lokales', 'Herr Demir'],
  ['Schlussredaktion', 'Frau Haas'],
];

/** The protocol: each sign-off asked of a different editor with the same words, then the correction is published. */
const signoffPerEditor: Family11 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const article = `RM-${random.int(20000, 99999)}`;
  openAgent7(log, NEWSROOM.replace('der Chefredaktion, der Rechtsabteilung und des Chefs vom Dienst', `von ${count} Stellen (${EDITORS.slice(0, count).map(([desk]) => desk).join(', ')})`), `Artikel ${article}: Die Zahl 12 Mio. ist falsch, richtig sind 21 Mio. Euro. Bitte die Freigaben einholen und korrigieren.`, 'Redakteurin');
  const evidenceIds = EDITORS.slice(0, count).map(([desk, person]) => say7(log, `${person} (${desk}), geben Sie die Korrektur „21 Mio. Euro statt 12 Mio. Euro“ in ${article} frei?`, 'Freigegeben.', person));
  log.call('publish_correction', { article_id: article, old: '12 Mio. Euro', new: '21 Mio. Euro' }, JSON.stringify({ published: true, article_id: article, note_id: `K-${random.int(100, 999)}` }), { text: 'Alle Freigaben liegen vor; ich veröffentliche.' });
  log.say('Die Korrektur ist online.');
  return {
    repeats: 0,
    evidenceIds,
    note: `The same sign-off question ${count} times, each to a different editor the protocol names (each answering "Freigegeben."), then the correction is published. The same words over different people, as required: not a loop.`,
  };
};

const BANK = "Sen Anadolu Katılım Bankası'nın dijital asistanısın. Araçlar: submit_transfer, verify_otp, resend_otp, get_transfer. Türkçe cevap ver.";
const SUBMIT_TEXT = ['Havale talimatını gönderiyorum.', 'İşlem taslağa döndü; talimatı yeniden gönderiyorum.', 'Tekrar gönderiyorum.', 'Talimatı bir kez daha iletiyorum.', 'Yeniden gönderiyorum.', 'Tekrar.'] as const;
const VERIFY_TEXT = ['Kodu doğruluyorum.', 'Aynı kodla doğruluyorum.', 'Kodu tekrar giriyorum.', 'Doğrulama.', 'Kod.', 'Kod tekrar.'] as const;

/** The transfer is submitted, the same stale code is entered, the bank resets it to draft; round after round. */
const bouncesToDraft: Family11 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const draft = `TRF-${random.int(100000, 999999)}`;
  const iban = `TR${random.int(10, 99)} 0006 ${random.int(1000, 9999)} ${random.int(1000, 9999)} ${random.int(1000, 9999)} ${random.int(1000, 9999)} 00`;
  const code = String(random.int(100000, 999999));
  openAgent7(log, BANK, `Ev sahibime 18.500 TL kira göndermek istiyorum. IBAN: ${iban}.`, 'müşteri');
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(log.call('submit_transfer', { draft_id: draft, amount_try: 18500, iban }, JSON.stringify({ draft_id: draft, status: 'pending_2fa', challenge_id: hex11(random) }), { text: nth7(SUBMIT_TEXT, round) }));
    if (round === 0) say7(log, 'Telefonunuza gelen 6 haneli kodu yazar mısınız?', `Kod: ${code}`, 'müşteri');
    log.call('verify_otp', { draft_id: draft, code }, JSON.stringify({ draft_id: draft, status: 'otp_expired', draft_state: 'draft', message: 'Kodun süresi doldu; yeni kod SMS ile gönderildi.' }), { text: nth7(VERIFY_TEXT, round), isError: true });
  }
  log.say('Havale şu an tamamlanamıyor; lütfen daha sonra tekrar deneyin.');
  return {
    repeats,
    evidenceIds,
    note: `${repeats} rounds of submit_transfer (pending 2FA, a new challenge id each time) then verify_otp with the same code the customer gave once; each time "otp_expired", the transfer back in draft and a new code sent — which the agent never asks for. A state machine bouncing back, a two-step cycle with the same outcome: a loop.`,
  };
};

const RESENT = ['Kodu yeniden gönderdim.', 'Tekrar gönderdim, birkaç saniye bekleyin.', 'Bir kez daha gönderdim.', 'Son olarak yeniden gönderdim.'] as const;
const NO_SMS = ['SMS gelmedi, tekrar gönderir misiniz?', 'Hâlâ gelmedi, bir daha gönderin lütfen.', 'Yine yok. Bir kez daha dener misiniz?', 'Gelmedi, son bir kez gönderin.'] as const;

/** The code does not arrive; the customer asks each time for a resend; the last one arrives and the transfer completes. */
const otpResentOnRequest: Family11 = (log, random, tier) => {
  const count = lookAlikes7(tier, random, 4);
  const draft = `TRF-${random.int(100000, 999999)}`;
  const phone = `***${random.int(10, 99)}`;
  const code = String(random.int(100000, 999999));
  openAgent7(log, BANK, 'Kardeşime 2.400 TL göndermek istiyorum, kayıtlı alıcı "Elif".', 'müşteri');
  log.call('submit_transfer', { draft_id: draft, amount_try: 2400, payee: 'Elif' }, JSON.stringify({ draft_id: draft, status: 'pending_2fa', challenge_id: hex11(random) }), { text: 'Talimatı gönderiyorum.' });
  say7(log, 'Telefonunuza gelen kodu yazar mısınız?', nth7(NO_SMS, 0), 'müşteri');
  const evidenceIds: string[] = [];
  for (let resend = 0; resend < count; resend++) {
    evidenceIds.push(log.call('resend_otp', { draft_id: draft }, `SMS gönderildi: ${phone}`, { text: 'Kodu yeniden gönderiyorum.' }));
    say7(log, nth7(RESENT, resend), resend < count - 1 ? NO_SMS[resend + 1]! : `Geldi! Kod ${code}.`, 'müşteri');
  }
  log.call('verify_otp', { draft_id: draft, code }, JSON.stringify({ draft_id: draft, status: 'completed' }), { text: 'Kodu doğruluyorum.' });
  log.say('Havale tamamlandı.');
  return {
    repeats: 0,
    evidenceIds,
    borderline: true,
    note: `resend_otp ${count} times, the identical call and the identical "SMS gönderildi" answer, each because the customer says the SMS has not arrived and asks for it again; the last code arrives and the transfer completes. A repeat the user asks for: not a loop (borderline — it meets the rule's letter).`,
  };
};

const KITCHEN = "당신은 '한솥 키친'의 주방 보조 에이전트입니다. 도구: set_oven, get_oven, start_timer, load_tray. 한국어로 답하세요.";
const LOW_TEXT = ['갈비찜은 180도가 안전하겠어요. 180도로 맞출게요.', '역시 200도는 겉이 탈 수 있으니 180도로 되돌릴게요.', '다시 생각해 보니 180도가 맞는 것 같아요.', '180도로 다시 설정합니다.', '180도로.', '다시 180도.'] as const;
const HIGH_TEXT = ['그런데 색을 내려면 200도가 나을 수도 있겠네요. 200도로 올릴게요.', '하지만 속까지 익히려면 200도가 필요할지도요. 200도로 올립니다.', '음, 그래도 200도가 낫겠어요.', '200도로 올립니다.', '200도로.', '다시 200도.'] as const;

/** The agent sets the oven to 180 °C, then 200 °C, then 180 °C again… each change accepted, the timer never started. */
const setpointFlipFlop: Family11 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const oven = random.int(1, 4);
  openAgent7(log, KITCHEN, `${oven}번 오븐에 갈비찜 트레이를 넣어서 구워 줘. 레시피에는 180~200도라고 되어 있어.`, '셰프');
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(log.call('set_oven', { oven, celsius: 180 }, `설정 완료: ${oven}번 오븐 180°C`, { text: nth7(LOW_TEXT, round) }));
    log.call('set_oven', { oven, celsius: 200 }, `설정 완료: ${oven}번 오븐 200°C`, { text: nth7(HIGH_TEXT, round) });
  }
  log.say('온도를 정하는 중입니다. 잠시만 기다려 주세요.');
  return {
    repeats,
    evidenceIds,
    note: `${repeats} rounds of set_oven 180 °C then set_oven 200 °C on oven ${oven}, each accepted, each with a new reason in Korean; the tray is never timed. A successful two-step oscillation that gets nowhere: a loop.`,
  };
};

/** The bread recipe: for each tray, load it, steam at 230 °C, drop to 200 °C — the same two settings per tray. */
const alternatedPerTray: Family11 = (log, random, tier) => {
  const count = lookAlikes7(tier, random, 4);
  const oven = random.int(1, 4);
  openAgent7(log, KITCHEN, `${oven}번 오븐으로 바게트 ${count}판 구워 줘. 레시피: 판마다 230도로 스팀, 넣고 나서 200도로 내리기.`, '셰프');
  const evidenceIds: string[] = [];
  for (let tray = 1; tray <= count; tray++) {
    evidenceIds.push(log.call('set_oven', { oven, celsius: 230 }, `설정 완료: ${oven}번 오븐 230°C`, { text: `${tray}번째 판을 위해 230도로 올립니다.` }));
    log.call('load_tray', { oven, tray }, JSON.stringify({ oven, tray, loaded: true, steam: 'on' }), { text: `${tray}번째 판을 넣습니다.` });
    log.call('set_oven', { oven, celsius: 200 }, `설정 완료: ${oven}번 오븐 200°C`, { text: `${tray}번째 판: 200도로 내립니다.` });
  }
  log.say(`바게트 ${count}판 모두 레시피대로 구웠습니다.`);
  return {
    repeats: 0,
    evidenceIds,
    borderline: true,
    note: `set_oven 230 °C and set_oven 200 °C ${count} times each, identical calls and answers, because the recipe asks for that pair on every tray; a different tray is loaded each round. A protocol's repetition with progress (tray after tray): not a loop (borderline — it meets the rule's letter).`,
  };
};

const ARCHIVE = 'Du är släktforskningsassistent hos tjänsten Anor (kyrkböcker). Verktyg: search_births, get_record. Svara på svenska.';
const DATES: readonly [string, string][] = [
  ['1872-03-04', 'Jag provar ISO-formatet.'],
  ['04.03.1872', 'Kanske vill arkivet ha dag.månad.år.'],
  ['4 mars 1872', 'Kanske skrivs datumet ut i arkivet; jag försöker så.'],
  ['1872/03/04', 'Med snedstreck i stället.'],
  ['18720304', 'Utan skiljetecken.'],
  ['March 4, 1872', 'På engelska, ifall registret är översatt.'],
];

/** The same birth searched with the same date written in new formats; the archive reads each as the same date and finds nothing. */
const birthdateReformatted: Family11 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const name = ['Karl Johan Lindqvist', 'Anna Greta Sjöberg', 'Per Erik Holm'][random.int(0, 2)]!;
  openAgent7(log, ARCHIVE, `Hitta födelsen för ${name}, född 4 mars 1872 i Kalmar.`, 'forskare');
  const offset = random.int(0, 1);
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    const [born, text] = DATES[(round + offset) % DATES.length]!;
    evidenceIds.push(log.call('search_births', { name, parish: 'Kalmar', born }, JSON.stringify({ hits: 0, searched: { name, parish: 'Kalmar', born: '1872-03-04' }, note: 'Kalmar has two parishes: Kalmar stadsförsamling, Kalmar landsförsamling' }), { text: round === 0 ? 'Jag söker födelsen.' : `Inga träffar. ${text}` }));
  }
  log.say('Jag hittar ingen födelse med de uppgifterna.');
  return {
    repeats,
    evidenceIds,
    note: `search_births for ${name} in Kalmar ${repeats} times, the birth date written in a new format each time (ISO, dotted, Swedish words, slashes…); the archive reads each as 1872-03-04 and answers the same 0 hits with the same hint about two parishes, which is never followed. Trivially varied arguments, the same outcome: a loop.`,
  };
};

/** A format error fixed once, then the parish and the year range changed until the birth is found. */
const formatFixedThenWidened: Family11 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const name = ['Karl Johan Lindqvist', 'Anna Greta Sjöberg', 'Per Erik Holm'][random.int(0, 2)]!;
  openAgent7(log, ARCHIVE, `Hitta födelsen för ${name}, född 4 mars 1872 i Kalmar.`, 'forskare');
  const tries: readonly [Record<string, unknown>, string, string][] = [
    [{ name, parish: 'Kalmar', born: '4 mars 1872' }, 'error: unsupported date format "4 mars 1872"; use YYYY-MM-DD', 'Jag söker födelsen.'],
    [{ name, parish: 'Kalmar', born: '1872-03-04' }, JSON.stringify({ hits: 0, note: 'Kalmar has two parishes: Kalmar stadsförsamling, Kalmar landsförsamling' }), 'Datumformatet rättat.'],
    [{ name, parish: 'Kalmar stadsförsamling', born: '1872-03-04' }, JSON.stringify({ hits: 0 }), 'Jag söker i stadsförsamlingen.'],
    [{ name, parish: 'Kalmar landsförsamling', born: '1872-03-04' }, JSON.stringify({ hits: 0 }), 'Nu i landsförsamlingen.'],
  ];
  const misses = tries.slice(0, 2).concat(tries.slice(4 - (count - 3), 4).slice(0, count - 3));
  const evidenceIds = misses.map(([args, result, text]) => log.call('search_births', args, result, { text, ...(result.startsWith('error') ? { isError: true } : {}) }));
  const record = `AD-${random.int(10000, 99999)}`;
  evidenceIds.push(log.call('search_births', { name, parish: 'Kalmar landsförsamling', born_from: '1871-01-01', born_to: '1873-12-31' }, JSON.stringify({ hits: 1, results: [{ record, born: '1872-03-03', parish: 'Kalmar landsförsamling' }] }), { text: 'Jag vidgar till 1871–1873; datum i kyrkböcker kan skilja en dag.' }));
  log.say(`Hittad: ${name}, född 3 mars 1872 i Kalmar landsförsamling (${record}).`);
  return {
    repeats: 0,
    evidenceIds,
    note: `search_births ${count} times: the date format fixed after an error, then the parish narrowed and the years widened; each query different, each answer different, the last finds the birth (a day off in the register). A search reworked with real changes: not a loop.`,
  };
};

const FAMILIES: Record<DeskNovelKind11, Family11> = {
  'loop:newsroom-publish-confirmation-asked-again-after-yes': confirmationAfterYes,
  'work:newsroom-signoff-asked-of-each-editor': signoffPerEditor,
  'loop:bank-transfer-bounces-to-draft-same-otp': bouncesToDraft,
  'work:bank-otp-resent-on-customer-request': otpResentOnRequest,
  'loop:kitchen-oven-setpoint-flip-flop': setpointFlipFlop,
  'work:kitchen-oven-alternated-per-tray-recipe': alternatedPerTray,
  'loop:genealogy-birthdate-reformatted-same-no-match': birthdateReformatted,
  'work:genealogy-date-format-fixed-then-range-widened': formatFixedThenWidened,
};

/**
 * Builds one desk episode of the eleventh blind set (newsroom, bank, kitchen, genealogy archive).
 *
 * @param kind - Which kind.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0, 1 or 2 (3, 4 or 5+ repeats or look-alikes).
 * @returns What was planted.
 */
export function buildDeskNovel11(kind: DeskNovelKind11, log: EpisodeWriter5, random: SeededRandom, tier: number): BuiltEpisode5 {
  return FAMILIES[kind](log, random, tier);
}
