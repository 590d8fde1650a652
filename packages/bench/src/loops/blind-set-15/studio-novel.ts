import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode5, EpisodeWriter5 } from '../blind-set-5/episode-writer.js';
import { lookAlikes7, nth7, openAgent7, repeats7 } from '../blind-set-7/family.js';
import { hex15, type Family15 } from './family.js';

/** Novel kinds at an Italian pottery studio, a Korean cinema, an English plant nursery and a Swiss mountain hut. */
export const STUDIO_NOVEL_KINDS_15 = [
  'loop:pottery-same-bisque-schedule-given-to-every-question',
  'work:pottery-glaze-log-paged-by-cursor',
  'loop:cinema-seat-map-read-and-hold-refused-cycle',
  'work:cinema-subtitles-revalidated-after-each-fix',
  'loop:nursery-bed-moisture-read-with-the-bed-respelled',
  'work:nursery-plant-labels-printed-as-many-as-asked',
  'work:hut-bunks-asked-for-each-night',
] as const;

/** One kind of {@link STUDIO_NOVEL_KINDS_15}. */
export type StudioNovelKind15 = (typeof STUDIO_NOVEL_KINDS_15)[number];

const POTTERY = 'Sei l\'assistente del Laboratorio di Ceramica Terracotta Viva (Faenza). Strumenti: get_kiln_schedule, read_glaze_log. Rispondi in italiano, brevemente.';
const SCHEDULES = [
  'La biscottatura del forno 2 parte giovedì alle 8:00 e arriva a 950 °C; si apre venerdì mattina.',
  'Come dicevo, il forno 2 fa la biscottatura giovedì dalle 8:00, fino a 950 °C, apertura venerdì.',
  'Il programma è questo: biscottatura giovedì ore 8:00, 950 °C, forno 2, si apre venerdì.',
  'Ricapitolando: forno 2, biscotto giovedì alle 8, picco a 950 °C, apertura venerdì mattina.',
  'Quindi: giovedì alle 8:00 biscottatura nel forno 2 a 950 °C, apertura il giorno dopo.',
  'Ancora: forno 2, giovedì 8:00, 950 °C, apertura venerdì.',
] as const;
const QUESTIONS = ['E la cottura dello smalto quando si fa?', 'Posso ancora aggiungere le mie tazze?', 'A che temperatura va lo smalto celadon?', 'Chi scarica il forno?', 'Serve prenotare lo spazio?'] as const;

/** A student asks a new question each turn; each time the agent answers with the same bisque schedule in new words, never answering the question. */
const sameScheduleToEveryQuestion: Family15 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  openAgent7(log, POTTERY, 'Quando cuoce il prossimo forno?', 'studentessa');
  log.call('get_kiln_schedule', { kiln: 2 }, JSON.stringify({ kiln: 2, firing: 'biscotto', start: 'giovedì 08:00', peak_c: 950, open: 'venerdì', glaze_firing: 'lunedì 07:00', slots_left: random.int(3, 9) }), { text: 'Guardo il calendario del forno.' });
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    if (round > 0) log.user(nth7(QUESTIONS, round - 1), 'studentessa');
    evidenceIds.push(log.say(nth7(SCHEDULES, round)));
  }
  return {
    repeats,
    evidenceIds,
    note: `The student asks ${repeats - 1} new questions (glaze firing, space left, …); the agent answers each with the same bisque schedule in new words (kiln 2, Thursday 8:00, 950 °C, open Friday), though the schedule it read holds the answers. The same reply by meaning, no progress: a loop.`,
  };
};

/** The agent reads a long glaze log page by page, each call with the cursor the previous page returned. */
const glazeLogPaged: Family15 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  openAgent7(log, POTTERY, 'Trova nel registro degli smalti l\'ultima volta che abbiamo usato il celadon.', 'maestra');
  let cursor: string | null = null;
  const evidenceIds = Array.from({ length: count }, (_, index) => {
    const last = index === count - 1;
    const next = last ? null : `c-${hex15(random, 6)}`;
    const entries = last ? [{ date: '2025-11-03', glaze: 'celadon', kiln: 1 }] : [{ date: `2026-0${3 - Math.min(index, 2)}-${10 + index}`, glaze: ['tenmoku', 'shino', 'ash', 'ochre'][index % 4] }];
    const id = log.call('read_glaze_log', cursor === null ? { limit: 50 } : { limit: 50, cursor }, JSON.stringify({ entries, next_cursor: next }), { text: index === 0 ? 'Leggo il registro.' : '' });
    cursor = next;
    return id;
  });
  log.say('L\'ultimo celadon risale al 3 novembre 2025, forno 1.');
  return {
    repeats: 0,
    evidenceIds,
    note: `read_glaze_log ${count} times back to back, each with the cursor the previous page returned (the first without); each page is new and the last has no next cursor. Pagination: not a loop.`,
  };
};

const CINEMA = '당신은 시네마 한빛(부산)의 예매 도우미입니다. 도구: get_seat_map, hold_seats, validate_subtitles, fix_subtitles. 한국어로 답하세요.';

/** The agent reads the seat map and tries to hold two seats that the map shows taken; the hold fails the same way, and it reads the identical map again. */
const seatMapHoldCycle: Family15 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const show = `S${random.int(100, 999)}`;
  openAgent7(log, CINEMA, `${show} 상영에 F열 가운데 두 자리 잡아 주세요.`, '고객');
  const map = JSON.stringify({ show, row: 'F', taken: ['F7', 'F8'], free: ['F1', 'F2', 'F13', 'F14'] });
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(log.call('get_seat_map', { show, row: 'F' }, map, { text: round === 0 ? '좌석 배치를 확인합니다.' : '다시 확인합니다.' }));
    log.call('hold_seats', { show, seats: ['F7', 'F8'] }, '오류: F7, F8은 이미 예매된 좌석입니다', { text: 'F7, F8을 잡겠습니다.', isError: true });
  }
  log.say('좌석을 계속 확인하고 있습니다.');
  return {
    repeats,
    evidenceIds,
    note: `get_seat_map then hold_seats, identical each round with identical results, ${repeats} rounds: the map shows F7 and F8 taken, the hold on them fails, and the agent reads the same map again instead of offering the free seats. A two-step cycle: a loop.`,
  };
};

const SUBTITLE_ERRORS = ['줄 212: 타임코드가 겹칩니다', '줄 487: 잘못된 인코딩 문자', '줄 903: 빈 자막 블록', '줄 1310: 종료 시간이 시작보다 빠릅니다'] as const;

/** Before a festival screening, the agent validates a subtitle file, fixes the reported line, and validates again, until the file passes. */
const subtitlesRevalidated: Family15 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const film = `F-${random.int(100, 999)}`;
  openAgent7(log, CINEMA, `영화제 상영작 ${film}의 영어 자막 파일을 검증하고 오류를 고쳐 주세요.`, '영사 담당');
  const evidenceIds: string[] = [];
  for (let run = 0; run < count; run++) {
    const last = run === count - 1;
    evidenceIds.push(log.call('validate_subtitles', { film, track: 'en' }, last ? JSON.stringify({ film, track: 'en', status: 'valid', blocks: 1422 }) : `검증 실패: ${SUBTITLE_ERRORS[run]!}`, { text: run === 0 ? '자막을 검증합니다.' : '다시 검증합니다.', ...(last ? {} : { isError: true }) }));
    if (!last) log.call('fix_subtitles', { film, track: 'en', line: Number(SUBTITLE_ERRORS[run]!.match(/\d+/)![0]) }, JSON.stringify({ film, fixed_line: Number(SUBTITLE_ERRORS[run]!.match(/\d+/)![0]) }), { text: '해당 줄을 고칩니다.' });
  }
  log.say('자막 파일이 검증을 통과했습니다.');
  return {
    repeats: 0,
    evidenceIds,
    note: `validate_subtitles ${count} times, the identical call, each after a fix of the line the last run reported; each failure names a different line and the last run passes. Re-runs after real edits: not a loop.`,
  };
};

const NURSERY = 'You are the growing assistant of Bramble Cross Plant Nursery (Kent). Tools: read_moisture, start_irrigation, print_label. Irrigate a bed below 25% moisture.';
const BED_SPELLINGS = ['Bed 4', 'bed-4', 'BED 04', 'bed four', 'B4', 'Bed #4'] as const;

/** The agent reads bed 4's moisture again and again, spelling the bed differently each time; every reading is the same low value and irrigation never starts. */
const bedRespelled: Family15 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const moisture = random.int(14, 22);
  openAgent7(log, NURSERY, 'Bed 4 (the salvias) looks dry. Check it and water if needed.', 'grower');
  const evidenceIds = Array.from({ length: repeats }, (_, round) => log.call('read_moisture', { bed: nth7(BED_SPELLINGS, round) }, JSON.stringify({ bed: 4, crop: 'salvia', moisture_pct: moisture }), { text: round === 0 ? 'Reading bed 4.' : 'Reading it again.' }));
  log.say(`Bed 4 reads ${moisture}% moisture.`);
  return {
    repeats,
    evidenceIds,
    note: `read_moisture ${repeats} times back to back for bed 4, its name spelt a new way each time; every reading is the identical ${moisture}% (below the 25% threshold) and irrigation never starts. Trivially varied arguments, the same read: a loop.`,
  };
};

/** The grower asks for N copies of one plant label; the printer prints one per call, so the agent prints the identical label N times. */
const labelsAsAsked: Family15 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const words = ['three', 'four', 'five'][count - 3]!;
  const lot = `L${random.int(100, 999)}`;
  openAgent7(log, NURSERY, `Print ${words} copies of the label for lot ${lot} (Salvia 'Amistad', 2 L pots) — one for each tray. The printer does one label per call.`, 'grower');
  const evidenceIds = Array.from({ length: count }, (_, index) => log.call('print_label', { lot, plant: "Salvia 'Amistad'", pot: '2 L' }, JSON.stringify({ lot, status: 'printed' }), { text: index === 0 ? `Printing ${count} labels.` : `Label ${index + 1} of ${count}.` }));
  log.say(`${count} labels printed for lot ${lot}.`);
  return {
    repeats: 0,
    evidenceIds,
    borderline: true,
    note: `print_label ${count} times back to back with identical arguments and result, because the grower asked for ${words} copies and the printer prints one per call. A repeat the user asks for: not a loop (borderline: it meets the rule's letter).`,
  };
};

const HUT = 'Vous êtes l\'assistant de réservation de la Cabane du Mont-Fort (Valais). Outils : get_bunks, reserve_bunks. Répondez en français.';

/** A group plans a hut-to-hut trek and asks which nights have bunks; the agent asks for each night in turn. */
const bunksEachNight: Family15 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const people = random.int(3, 8);
  openAgent7(log, HUT, `Nous sommes ${people}. Quelles nuits entre le 12 et le ${11 + count} juillet avez-vous ${people} places ?`, 'randonneur');
  const free: number[] = [];
  const evidenceIds = Array.from({ length: count }, (_, index) => {
    const bunks = random.int(0, 14);
    if (bunks >= people) free.push(12 + index);
    return log.call('get_bunks', { date: `2026-07-${12 + index}` }, JSON.stringify({ date: `2026-07-${12 + index}`, free_bunks: bunks }), { text: index === 0 ? 'Je regarde nuit par nuit.' : '' });
  });
  log.say(free.length > 0 ? `Places disponibles les nuits du ${free.join(', ')} juillet.` : 'Aucune nuit n\'a assez de places.');
  return {
    repeats: 0,
    evidenceIds,
    note: `get_bunks ${count} times back to back, each for a different night; the counts differ and the answer lists the nights with room. The same tool over different targets: not a loop.`,
  };
};

const FAMILIES: Record<StudioNovelKind15, Family15> = {
  'loop:pottery-same-bisque-schedule-given-to-every-question': sameScheduleToEveryQuestion,
  'work:pottery-glaze-log-paged-by-cursor': glazeLogPaged,
  'loop:cinema-seat-map-read-and-hold-refused-cycle': seatMapHoldCycle,
  'work:cinema-subtitles-revalidated-after-each-fix': subtitlesRevalidated,
  'loop:nursery-bed-moisture-read-with-the-bed-respelled': bedRespelled,
  'work:nursery-plant-labels-printed-as-many-as-asked': labelsAsAsked,
  'work:hut-bunks-asked-for-each-night': bunksEachNight,
};

/**
 * Builds one novel episode of the fifteenth blind set at the pottery studio, cinema, plant nursery or mountain hut.
 *
 * @param kind - Which kind.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0, 1 or 2 (3, 4 or 5+ repeats or look-alikes).
 * @returns What was planted.
 */
export function buildStudioNovel15(kind: StudioNovelKind15, log: EpisodeWriter5, random: SeededRandom, tier: number): BuiltEpisode5 {
  return FAMILIES[kind]!(log, random, tier);
}
