import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode5, EpisodeWriter5 } from '../blind-set-5/episode-writer.js';
import { lookAlikes7, nth7, openAgent7, repeats7, say7 } from '../blind-set-7/family.js';
import { clock8, hexId8 } from '../blind-set-8/family.js';
import type { Family9 } from './family.js';

/** Kinds invented for the ninth blind set around care and science: medical intake triage, a lab and literature agent, a voice assistant. */
export const CARE_NOVEL_KINDS_9 = [
  'loop:triage-pain-score-asked-again-bilingual',
  'work:triage-queue-position-advances',
  'loop:lab-instrument-busy-retried-at-once',
  'work:lab-triplicate-reading-per-sop',
  'work:lab-paper-search-narrowed',
  'loop:voice-city-reprompt-after-garbled-asr',
  'work:voice-clip-replayed-on-request',
] as const;

/** One kind of {@link CARE_NOVEL_KINDS_9}. */
export type CareNovelKind9 = (typeof CARE_NOVEL_KINDS_9)[number];

const INTAKE = 'You are the intake assistant of an urgent-care clinic. Collect the presenting complaint, a pain score (0–10), allergies and medication, then call triage_submit. Tools: triage_submit({ patient_id, complaint, pain_score, allergies }), get_queue({ patient_id }). Answer in the patient\'s language. You do not diagnose.';
const PAIN_ASKED = [
  'Gracias. Para el triaje necesito su nivel de dolor: del 0 al 10, ¿cuánto le duele?',
  'Entiendo. ¿Y en una escala de cero a diez, qué número le daría a su dolor?',
  'Perdone, necesito un número: on a scale from 0 to 10, how bad is the pain?',
  '¿Podría indicarme la intensidad del dolor, de 0 (nada) a 10 (el peor imaginable)?',
  'Para continuar: ¿qué puntuación de 0 a 10 tiene su dolor ahora mismo?',
  'Una vez más: pain score, 0–10?',
] as const;
const PAIN_ANSWERED = ['Un siete, más o menos.', 'Siete. Ya se lo dije.', 'Seven! Siete.', 'Un 7, le digo.', '¡Siete!', '7.'] as const;

/** The patient gives a pain score each time; the intake bot asks for it again in new words (Spanish, some English) and never submits. */
const painScoreAskedAgainBilingual: Family9 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  openAgent7(log, INTAKE, `Hola, me duele mucho el tobillo derecho, me lo torcí bajando la escalera hace ${random.int(1, 5)} horas.`, 'patient');
  say7(log, 'Siento lo de su tobillo. ¿Es alérgico a algún medicamento y toma alguna medicación?', random.pick(['No, ninguna alergia. Tomo ibuprofeno a veces.', 'Alergia a la penicilina. No tomo nada.']), 'patient');
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) evidenceIds.push(say7(log, nth7(PAIN_ASKED, round), nth7(PAIN_ANSWERED, round), 'patient'));
  log.say('Gracias por su paciencia. Una enfermera la atenderá en breve.');
  return { repeats, evidenceIds, note: `The intake bot asks for the pain score ${repeats} times in new words (Spanish, one mixed with English) and the patient answers "siete" every time; the bot never records it or submits the triage. The same question restated with no progress: a loop.` };
};

/** The patient's place in the triage queue, polled with the identical call: the position falls each time until called. */
const queuePositionAdvances: Family9 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const patient = `P-${random.int(100000, 999999)}`;
  openAgent7(log, INTAKE, `Soy ${patient}. ¿Cuánto me falta? Avíseme cuando me toque.`, 'patient');
  const start = random.int(9 * 3600, 17 * 3600);
  const evidenceIds: string[] = [];
  for (let poll = 0; poll < count; poll++) {
    const position = count - 1 - poll;
    evidenceIds.push(log.call('get_queue', { patient_id: patient }, JSON.stringify({ patient_id: patient, checked_at: clock8(start, poll, 420), position, estimated_wait_min: position * 9, status: position === 0 ? 'called: room 4' : 'waiting' }), { text: poll === 0 ? 'Consultando la cola.' : 'Consultando la cola de nuevo.' }));
  }
  log.say('¡Le toca! Vaya a la sala 4, por favor.');
  return { repeats: 0, evidenceIds, note: `The identical get_queue ${count} times; the position falls by one each time (and the wait estimate with it) until the patient is called. A progressing poll: not a loop.` };
};

const LAB = 'You are a lab-automation and literature assistant. Tools: start_run({ instrument, plate_id, program }), read_absorbance({ plate_id, well, wavelength_nm }), search_papers({ query, year_from }). Follow the lab\'s SOPs exactly.';

/** `start_run` on a busy instrument retried at once, again and again; only the stamp and the countdown move. */
const instrumentBusyRetriedAtOnce: Family9 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const plate = `PL-${random.int(1000, 9999)}`;
  const holder = hexId8(random, 6);
  const eta = random.int(35, 70);
  openAgent7(log, LAB, `Start the qPCR program "SYBR-40" on plate ${plate} on qPCR-2.`, 'scientist');
  const start = random.int(8 * 3600, 16 * 3600);
  const texts = ['Starting the run.', 'The instrument is busy; trying again.', 'Retrying the start.', 'Trying to start it again.', 'Another attempt.', 'Retrying.'];
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    const error = JSON.stringify({ ok: false, instrument: 'qPCR-2', checked_at: clock8(start, round, 20), error: 'instrument busy', held_by_run: holder, eta_min: eta - Math.floor(round / 2) });
    evidenceIds.push(log.call('start_run', { instrument: 'qPCR-2', plate_id: plate, program: 'SYBR-40' }, error, { text: nth7(texts, round), isError: true }));
  }
  log.say(`qPCR-2 is busy with run ${holder} for about ${eta} more minutes; I could not start ${plate}.`);
  return { repeats, evidenceIds, note: `The identical start_run ${repeats} times seconds apart; each answer is "instrument busy" with the same holding run, differing only in the stamp and an ETA that ticks down by a minute. Nothing between gives a retry a different chance: a loop.` };
};

const SOP_COUNT = ['three', 'four', 'five'] as const;

/** The SOP asks for each well to be read n times; the identical reading call n times, then the mean reported. */
const triplicateReadingPerSop: Family9 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const plate = `PL-${random.int(1000, 9999)}`;
  const well = `${random.pick(['B', 'C', 'D', 'E'])}${random.int(2, 11)}`;
  openAgent7(log, LAB, `Measure A260 of well ${well} on ${plate}. SOP-NA-07: read each well ${SOP_COUNT[count - 3]} times and report the mean.`, 'scientist');
  const base = random.int(380, 900) / 1000;
  const evidenceIds: string[] = [];
  const values: number[] = [];
  for (let read = 0; read < count; read++) {
    const value = Number((base + (read % 2 === 0 ? 1 : -1) * read * 0.003).toFixed(3));
    values.push(value);
    evidenceIds.push(log.call('read_absorbance', { plate_id: plate, well, wavelength_nm: 260 }, JSON.stringify({ plate_id: plate, well, wavelength_nm: 260, absorbance: value }), { text: `Reading ${read + 1} of ${count}, per SOP-NA-07.` }));
  }
  log.say(`A260 of ${well}: mean ${(values.reduce((sum, value) => sum + value, 0) / count).toFixed(3)} over ${count} readings.`);
  return { repeats: 0, borderline: true, evidenceIds, note: `The identical read_absorbance ${count} times, exactly the number of readings SOP-NA-07 asks for (each value slightly different, as readings are), then the mean. A protocol's repeat: not a loop; borderline because the same call on the same well runs ${count} times.` };
};

/** `search_papers` narrowed step by step with new terms and years: the hits fall each time until a short list remains. */
const paperSearchNarrowed: Family9 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  openAgent7(log, LAB, 'Find recent papers on CRISPR base editing off-target effects in primary human T cells.', 'scientist');
  const queries = [
    { query: 'CRISPR base editing', year_from: 2016 },
    { query: 'CRISPR base editing off-target', year_from: 2016 },
    { query: 'base editing off-target primary T cells', year_from: 2019 },
    { query: 'adenine OR cytosine base editor off-target primary human T cells', year_from: 2021 },
    { query: 'adenine OR cytosine base editor off-target primary human T cells genome-wide', year_from: 2022 },
  ].slice(0, count);
  let hits = random.int(3000, 6000);
  const evidenceIds: string[] = [];
  queries.forEach((query, index) => {
    hits = index === queries.length - 1 ? random.int(4, 9) : Math.floor(hits / random.int(4, 9));
    evidenceIds.push(log.call('search_papers', query, JSON.stringify({ ...query, total_hits: hits, top: [`${hexId8(random, 4)}: ${['Base editing landscape', 'Off-target profiling of BE4', 'Editing T cells at scale', 'Genome-wide off-target of ABE8e', 'Guide-independent deamination in T cells'][index]} (${query.year_from + index})`] }), { text: index === 0 ? 'Searching broadly first.' : 'Too many hits; narrowing the query.' }));
  });
  log.say(`${hits} papers fit; here is the short list.`);
  return { repeats: 0, evidenceIds, note: `search_papers ${count} times, each with new terms or a later year, the hit count falling each time until a short list remains. Refinement with real changes: not a loop.` };
};

const VOICE = 'You are a voice assistant for a smart speaker. The user turns are speech-recognition transcripts with their confidence. Tools: get_weather({ city }), play_clip({ clip_id }). Keep answers short; speak German when the user does.';
const REPROMPTS = [
  'Für welche Stadt soll ich das Wetter ansagen?',
  'Entschuldigung, das habe ich nicht verstanden. Welche Stadt meinten Sie?',
  'Tut mir leid — sagen Sie mir bitte noch einmal die Stadt?',
  'Sorry, ich habe die Stadt nicht erkannt. Welche Stadt?',
  'Können Sie die Stadt bitte wiederholen?',
  'Welche Stadt, bitte?',
] as const;

/** The recogniser garbles the city every time; the assistant reprompts in new German words, never offering another way. */
const cityRepromptAfterGarbledAsr: Family9 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  openAgent7(log, VOICE, `[asr conf=0.91 utt=${hexId8(random, 6)}] Wie wird das Wetter morgen in`, 'speaker');
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) evidenceIds.push(say7(log, nth7(REPROMPTS, round), `[asr conf=0.${random.int(12, 29)} utt=${hexId8(random, 6)}] <unverständlich>`, 'speaker'));
  log.say('Ich konnte die Stadt leider nicht verstehen.');
  return { repeats, evidenceIds, note: `The assistant asks for the city ${repeats} times in new German words; each answer is the same unintelligible transcript (only the utterance id and a low confidence change), and it never offers another way (spelling, a list, the home city). The same question restated, the same outcome: a loop.` };
};

/** The user asks to hear the clip again (no count given); the identical play each time. */
const clipReplayedOnRequest: Family9 = (log, random, tier) => {
  const count = lookAlikes7(tier, random, 4);
  const clip = `news-${hexId8(random, 6)}`;
  openAgent7(log, VOICE, `[asr conf=0.88 utt=${hexId8(random, 6)}] Spiel die Verkehrsmeldung`, 'speaker');
  const again = ['Nochmal bitte, ich hab den Anfang verpasst.', 'Noch einmal, bitte.', 'Und nochmal — das mit der A7.', 'Nochmal, bitte.'];
  const evidenceIds: string[] = [];
  for (let play = 0; play < count; play++) {
    if (play > 0) log.user(`[asr conf=0.9${play} utt=${hexId8(random, 6)}] ${nth7(again, play - 1)}`, 'speaker');
    evidenceIds.push(log.call('play_clip', { clip_id: clip }, JSON.stringify({ clip_id: clip, played: true, duration_s: 41 }), { text: play === 0 ? 'Hier die Verkehrsmeldung.' : 'Gern, noch einmal.' }));
  }
  log.user(`[asr conf=0.93 utt=${hexId8(random, 6)}] Danke, das reicht.`, 'speaker');
  log.say('Gern geschehen.');
  return { repeats: 0, borderline: true, evidenceIds, note: `The identical play_clip ${count} times, each after the listener asked to hear it again ("nochmal"), without saying how many times. A repeat the user asks for: not a loop; borderline because the same call and outcome occur ${count} times in a row.` };
};

const FAMILIES: Record<CareNovelKind9, Family9> = {
  'loop:triage-pain-score-asked-again-bilingual': painScoreAskedAgainBilingual,
  'work:triage-queue-position-advances': queuePositionAdvances,
  'loop:lab-instrument-busy-retried-at-once': instrumentBusyRetriedAtOnce,
  'work:lab-triplicate-reading-per-sop': triplicateReadingPerSop,
  'work:lab-paper-search-narrowed': paperSearchNarrowed,
  'loop:voice-city-reprompt-after-garbled-asr': cityRepromptAfterGarbledAsr,
  'work:voice-clip-replayed-on-request': clipReplayedOnRequest,
};

/**
 * Builds one care / science / voice episode of the ninth blind set.
 *
 * @param kind - Which kind.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0, 1 or 2 (3, 4 or 5+ repeats or look-alikes).
 * @returns What was planted.
 */
export function buildCareNovel9(kind: CareNovelKind9, log: EpisodeWriter5, random: SeededRandom, tier: number): BuiltEpisode5 {
  return FAMILIES[kind](log, random, tier);
}
