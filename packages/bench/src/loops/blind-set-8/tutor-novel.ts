import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode5, EpisodeWriter5 } from '../blind-set-5/episode-writer.js';
import { lookAlikes7, nth7, openAgent7, repeats7, say7 } from '../blind-set-7/family.js';
import { hexId8, type Family8 } from './family.js';

/** Tutoring kinds invented for the eighth blind set (Spanish, German and Japanese learners). */
export const TUTOR_NOVEL_KINDS_8 = ['loop:tutor-spanish-hint-reworded', 'work:tutor-german-drill-new-numbers', 'work:tutor-japanese-phrase-replayed-on-request'] as const;

/** One kind of {@link TUTOR_NOVEL_KINDS_8}. */
export type TutorNovelKind8 = (typeof TUTOR_NOVEL_KINDS_8)[number];

const TUTOR = 'You are a patient tutor. Answer in the learner\'s language. Tools: new_problem({ topic }), check_answer({ problem_id, answer }), speak({ text, lang, speed }). Adapt when an explanation does not land.';

const HINTS = [
  (a: number, b: number) => `Para despejar x, divide los dos lados de la ecuación entre ${a}. Así te queda x = ${b} / ${a}.`,
  (a: number, b: number) => `Fíjate: si ${a}x = ${b}, lo que tienes que hacer es dividir ambos miembros por ${a}, y x queda sola.`,
  (a: number, b: number) => `La idea es repartir entre ${a} a cada lado: ${a}x entre ${a} es x, y ${b} entre ${a} es el resultado.`,
  (a: number) => `Recuerda: cuando un número multiplica a la x, pasa al otro lado dividiendo. Aquí ese número es ${a}.`,
  (a: number) => `Otra vez: divide entre ${a} en los dos lados y tendrás x.`,
  (a: number) => `Lo mismo de antes: el ${a} pasa dividiendo.`,
] as const;
const STUCK = ['No lo entiendo. ¿Por qué se divide?', 'Sigo sin entenderlo…', 'Perdona, pero no lo veo.', 'Sigo sin verlo, de verdad.', 'Sigo igual de perdida.', 'Nada, no lo pillo.'] as const;

/** The learner does not understand a step; the tutor gives the same hint in new Spanish words each time instead of changing approach. */
const spanishHintReworded: Family8 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const a = random.int(3, 9);
  const x = random.int(2, 12);
  const b = a * x;
  openAgent7(log, TUTOR, `Hola, tengo que resolver ${a}x = ${b} y no sé por dónde empezar.`, 'learner');
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) evidenceIds.push(say7(log, nth7(HINTS, round)(a, b), nth7(STUCK, round), 'learner'));
  say7(log, `Probemos de otra forma: si ${a} cajas iguales pesan ${b} kilos, ¿cuánto pesa una caja?`, `¡Ah! ${x} kilos. Entonces x = ${x}.`, 'learner');
  return { repeats, evidenceIds, note: `The learner says ${repeats} times that they do not understand; each time the tutor restates the same hint (divide both sides by ${a}) in new Spanish words, with no call and no new approach between. The same content restated without progress (until a new analogy at the end): a loop.` };
};

/** A German arithmetic drill: the same narration and the same tools each round, but a new problem, a new answer and a new verdict. */
const germanDrillNewNumbers: Family8 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  openAgent7(log, TUTOR, 'Hallo! Ich möchte Bruchrechnen üben. Gib mir bitte ein paar Aufgaben.', 'learner');
  const evidenceIds: string[] = [];
  for (let round = 0; round < count; round++) {
    const [p, q, r] = [random.int(1, 4), random.int(5, 9), random.int(1, 4)];
    const id = `prob_${hexId8(random, 6)}`;
    log.call('new_problem', { topic: 'fractions' }, JSON.stringify({ problem_id: id, prompt: `${p}/${q} + ${r}/${q} = ?` }), { text: 'Nächste Aufgabe kommt.' });
    const right = round % 2 === 0;
    const answer = right ? `${p + r}/${q}` : `${p + r}/${q * 2}`;
    say7(log, `Aufgabe ${round + 1}: Was ist ${p}/${q} + ${r}/${q}?`, answer, 'learner');
    evidenceIds.push(log.call('check_answer', { problem_id: id, answer }, JSON.stringify({ problem_id: id, correct: right, expected: `${p + r}/${q}` }), { text: 'Ich prüfe deine Antwort.' }));
  }
  log.say(`Gut gemacht! Du hast ${Math.ceil(count / 2)} von ${count} Aufgaben richtig. Merke: bei gleichem Nenner addiert man nur die Zähler.`);
  return { repeats: 0, evidenceIds, note: `${count} rounds with the same German narration ("Nächste Aufgabe kommt", "Ich prüfe deine Antwort") and the same tools, but each round a new problem id, new numbers, the learner's new answer and its own verdict. A drill that moves on: not a loop.` };
};

const PHRASES = [['すみません、駅はどこですか。', 'Excuse me, where is the station?'], ['これをください。', 'I\'ll take this, please.'], ['もう少しゆっくり話してください。', 'Please speak a little more slowly.']] as const;
const AGAIN = ['もう一度お願いします！', 'Sorry, once more please — もう一度。', 'もう一回だけ聞かせてください。', 'One more time? もう一度お願いします。', 'もう一度！'] as const;

/** The learner asks to hear a Japanese phrase again and again (no count given); the identical playback each time. */
const japanesePhraseReplayedOnRequest: Family8 = (log, random, tier) => {
  const count = lookAlikes7(tier, random, 4);
  const [phrase, meaning] = random.pick(PHRASES);
  openAgent7(log, TUTOR, `How do I say "${meaning}" in Japanese? Please let me hear it.`, 'learner');
  const evidenceIds: string[] = [];
  for (let play = 0; play < count; play++) {
    evidenceIds.push(log.call('speak', { text: phrase, lang: 'ja-JP', speed: 'slow' }, JSON.stringify({ played: true, duration_s: 2.4, voice: 'ja-JP-Neural-B' }), { text: play === 0 ? `「${phrase}」 — here it is, slowly.` : 'はい、もう一度。' }));
    log.user(play === count - 1 ? 'ありがとう！I think I\'ve got it now.' : nth7(AGAIN, play), 'learner');
  }
  log.say(`どういたしまして！ Try saying it yourself: ${phrase}`);
  return { repeats: 0, borderline: true, evidenceIds, note: `The identical speak call with the identical answer ${count} times, each after the learner asked to hear it again (no number given). A repeat the user explicitly asks for: not a loop; borderline because the rule's letter is met.` };
};

const FAMILIES: Record<TutorNovelKind8, Family8> = {
  'loop:tutor-spanish-hint-reworded': spanishHintReworded,
  'work:tutor-german-drill-new-numbers': germanDrillNewNumbers,
  'work:tutor-japanese-phrase-replayed-on-request': japanesePhraseReplayedOnRequest,
};

/**
 * Builds one tutoring episode of the eighth blind set.
 *
 * @param kind - Which kind.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0, 1 or 2 (3, 4 or 5+ repeats or look-alikes).
 * @returns What was planted.
 */
export function buildTutorNovel8(kind: TutorNovelKind8, log: EpisodeWriter5, random: SeededRandom, tier: number): BuiltEpisode5 {
  return FAMILIES[kind](log, random, tier);
}
