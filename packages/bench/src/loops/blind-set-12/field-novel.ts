import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode5, EpisodeWriter5 } from '../blind-set-5/episode-writer.js';
import { lookAlikes7, nth7, openAgent7, repeats7, say7 } from '../blind-set-7/family.js';
import { bar12, hex12, type Family12 } from './family.js';

/** Novel kinds at an observatory, on a railway timetable desk, with a survey drone, a print farm and a water utility. */
export const FIELD_NOVEL_KINDS_12 = [
  'work:observatory-exposure-batch-over-target-list',
  'loop:rail-conflict-check-rerun-same-report-new-progress-bar',
  'work:rail-conflict-check-after-each-real-edit',
  'loop:drone-calibrate-arm-refused-reboot-cycle',
  'work:drone-calibration-after-each-real-fix',
  'loop:printer-verify-after-edits-that-change-nothing',
  'work:printer-status-poll-layers-advance',
  'loop:utility-same-account-through-a-new-lookup-each-time',
  'work:utility-standing-order-summary-per-shift',
] as const;

/** One kind of {@link FIELD_NOVEL_KINDS_12}. */
export type FieldNovelKind12 = (typeof FIELD_NOVEL_KINDS_12)[number];

const OBSERVATORY = 'Eres el asistente de observación del telescopio de 1,5 m del Observatorio Cerro Pachón Sur. Herramientas: slew, expose, get_weather. Responde en español.';
const TARGETS: readonly [string, string, string][] = [
  ['NGC 3372', '10:45:08', '-59:52:04'],
  ['M83', '13:37:00', '-29:51:56'],
  ['NGC 5128', '13:25:27', '-43:01:09'],
  ['NGC 5139', '13:26:47', '-47:28:46'],
  ['NGC 4755', '12:53:39', '-60:21:42'],
];

/** The astronomer's list of targets, each exposed with the same settings: the same tool over a list, a different field and file each time. */
const exposureBatch: Family12 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const list = TARGETS.slice(0, count);
  openAgent7(log, OBSERVATORY, `Esta noche: ${list.map(([name]) => name).join(', ')}. Para cada uno, 300 s en filtro R, binning 2x2. Gracias.`, 'astrónoma');
  log.call('get_weather', {}, JSON.stringify({ humidity_pct: 31, wind_ms: 4.2, seeing_arcsec: 0.9, dome: 'open' }), { text: 'Primero reviso las condiciones.' });
  const evidenceIds: string[] = [];
  list.forEach(([name, ra, dec], index) => {
    const file = `CPS_${name.replace(' ', '')}_R_${String(index + 1).padStart(3, '0')}.fits`;
    evidenceIds.push(log.call('expose', { target: name, ra, dec, filter: 'R', seconds: 300, binning: '2x2' }, JSON.stringify({ file, target: name, fwhm_arcsec: (0.9 + random.int(5, 60) / 100).toFixed(2), peak_adu: random.int(18000, 52000), stars_detected: random.int(140, 2400) }), { text: index === 0 ? `Empiezo por ${name}.` : `Siguiente objetivo: ${name}.` }));
  });
  log.say(`Listo: ${count} imágenes en filtro R, una por objetivo.`);
  return {
    repeats: 0,
    evidenceIds,
    note: `expose ${count} times with the same filter, time and binning, each on a different target of the astronomer's list (coordinates, file, FWHM and star count differ). A batch over a list: not a loop.`,
  };
};

const RAIL = 'あなたは北陸支社ダイヤ編成室のアシスタントです。ツール: run_conflict_check, shift_departure, get_train。日本語で答えてください。';

/** The conflict report of a timetable with `conflicts` conflicts, after a progress bar drawn at `marks` percentages and taking `seconds`. */
function conflictReport(conflicts: number, marks: readonly number[], seconds: string): string {
  const bars = marks.map((pct) => `検査中 ${bar12(Math.round((pct / 100) * 24))} ${pct}%`);
  const lines = Array.from({ length: conflicts }, (_, index) => `  ${String(index + 1).padStart(2, '0')}. 列車${1201 + index * 2} と 列車${1302 + index * 3} : 金沢駅 ${index % 3 + 1}番線 ${String(6 + Math.floor(index / 2)).padStart(2, '0')}:${String((index * 7) % 60).padStart(2, '0')} 占有重複`);
  return [...bars, `ダイヤ 2026-春改正-v3 検査完了 (所要 ${seconds}秒)`, `競合 ${conflicts} 件`, ...lines].join('\n');
}

const RERUN_TEXT = ['ダイヤの競合を検査します。', '念のためもう一度検査します。', '結果が変わるか、再検査します。', 'もう一度実行します。', '再実行します。', '再検査。'] as const;

/** The same conflict check run again and again with nothing edited between: the long report identical but for the progress bar's snapshots and the run time. */
const conflictCheckRerun: Family12 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  openAgent7(log, RAIL, '春のダイヤ改正 v3 の金沢駅の番線競合を解消してください。', '計画担当');
  const evidenceIds: string[] = [];
  for (let run = 0; run < repeats; run++) {
    const marks = [random.int(5, 20), random.int(30, 55), random.int(60, 90), 100];
    evidenceIds.push(log.call('run_conflict_check', { timetable: '2026-春改正-v3', station: '金沢' }, conflictReport(12, marks, `${random.int(2, 5)}.${random.int(0, 9)}`), { text: nth7(RERUN_TEXT, run) }));
  }
  log.say('競合は 12 件のままです。');
  return {
    repeats,
    evidenceIds,
    note: `run_conflict_check on the same timetable ${repeats} times in a row with no edit between: the long report (12 conflicts, each listed) identical each time except the progress bar's captured snapshots and the run time. The same check, the same result: a loop.`,
  };
};

/** The conflict check after each real shift of a departure: fewer conflicts each time, none at the end. */
const conflictCheckAfterEdit: Family12 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  openAgent7(log, RAIL, '春のダイヤ改正 v3 の金沢駅の番線競合を解消してください。', '計画担当');
  const left = (edit: number): number => Math.round((12 * (count - 1 - edit)) / (count - 1));
  const evidenceIds = [log.call('run_conflict_check', { timetable: '2026-春改正-v3', station: '金沢' }, conflictReport(12, [10, 40, 80, 100], '3.1'), { text: 'まず現状を検査します。' })];
  for (let edit = 0; edit < count - 1; edit++) {
    const train = 1201 + edit * 4;
    log.call('shift_departure', { train, minutes: 2 + edit, station: '金沢' }, JSON.stringify({ train, new_departure: `06:${String(10 + edit * 9).padStart(2, '0')}`, saved: true }), { text: `列車${train}の発車を${2 + edit}分繰り下げます。` });
    evidenceIds.push(log.call('run_conflict_check', { timetable: '2026-春改正-v3', station: '金沢' }, conflictReport(left(edit + 1), [random.int(5, 20), 50, 100], `${random.int(2, 5)}.${random.int(0, 9)}`), { text: '修正後に再検査します。' }));
  }
  log.say('金沢駅の番線競合はすべて解消しました。');
  return {
    repeats: 0,
    evidenceIds,
    note: `run_conflict_check ${count} times on the same timetable, each after a real edit (a departure shifted and saved) except the first; the conflict count falls each time and reaches 0. The same check after each real change: not a loop.`,
  };
};

const DRONE = "Tu es l'assistant de vol d'une équipe de levés topographiques par drone (quadricoptère Albatros-4). Outils : calibrate_compass, arm, reboot_autopilot. Réponds en français.";
const CAL_TEXT = ['Je calibre le compas.', 'Nouvelle calibration du compas.', 'Je recalibre.', 'Calibration, encore.', 'Calibration.', 'Calibration.'] as const;

/** Calibrate (success), arm (refused: compass variance), reboot (success) — the same three steps round after round; the drone never leaves the steel deck the variance comes from. */
const calibrateArmRebootCycle: Family12 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  openAgent7(log, DRONE, 'Le drone est posé sur le plateau du camion (plateau acier). On décolle pour le levé de la parcelle 17 dès que possible.', 'pilote');
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(log.call('calibrate_compass', { drone: 'ALB4-02' }, 'Calibration réussie. Écart d\'ajustement : 0,41.', { text: nth7(CAL_TEXT, round) }));
    log.call('arm', { drone: 'ALB4-02' }, "Armement refusé : variance du compas trop élevée (0,82 > 0,50). Éloignez l'appareil des masses métalliques.", { text: round === 0 ? "J'arme les moteurs." : 'Nouvel essai d\'armement.', isError: true });
    log.call('reboot_autopilot', { drone: 'ALB4-02' }, `Autopilote redémarré (session ${hex12(random, 6)}).`, { text: round === 0 ? "Je redémarre l'autopilote pour repartir de zéro." : "Redémarrage de l'autopilote." });
  }
  log.say("Le drone refuse toujours de s'armer.");
  return {
    repeats,
    evidenceIds,
    note: `${repeats} rounds of calibrate_compass (success, the same 0,41), arm (refused: compass variance 0,82, "move away from metal") and reboot_autopilot (success, only a session id new); the drone never leaves the steel deck. A three-step cycle with the same outcomes, two of its three calls succeeding: a loop.`,
  };
};

const FIXES = [
  "J'ai descendu le drone du camion, il est sur l'herbe à 5 m.",
  "J'ai enlevé la batterie de rechange posée à côté.",
  'Je me suis éloigné avec la radio et le téléphone.',
  "J'ai remplacé le module GPS/compas par celui de rechange.",
] as const;

/** Calibrate and arm after each real fix by the pilot: the variance falls each time; the last arm succeeds. */
const calibrationAfterFix: Family12 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  openAgent7(log, DRONE, 'Le drone est posé sur le plateau du camion (plateau acier). On décolle pour le levé de la parcelle 17 dès que possible.', 'pilote');
  const variances = Array.from({ length: count }, (_, index) => (index === count - 1 ? 0.31 : 0.82 - index * 0.1));
  const evidenceIds: string[] = [];
  for (let round = 0; round < count; round++) {
    if (round > 0) say7(log, `Variance encore trop haute (${variances[round - 1]!.toFixed(2).replace('.', ',')}). Pouvez-vous éloigner ce qui est métallique ?`, nth7(FIXES, round - 1), 'pilote');
    evidenceIds.push(log.call('calibrate_compass', { drone: 'ALB4-02' }, `Calibration réussie. Écart d'ajustement : ${(0.41 - round * 0.06).toFixed(2).replace('.', ',')}.`, { text: round === 0 ? 'Je calibre le compas.' : 'Après ce changement, je recalibre.' }));
    const last = round === count - 1;
    log.call('arm', { drone: 'ALB4-02' }, last ? 'Armé. Variance du compas 0,31.' : `Armement refusé : variance du compas trop élevée (${variances[round]!.toFixed(2).replace('.', ',')} > 0,50).`, { text: "J'arme les moteurs.", ...(last ? {} : { isError: true }) });
  }
  log.say('Le drone est armé ; prêt pour le levé.');
  return {
    repeats: 0,
    evidenceIds,
    note: `calibrate_compass then arm ${count} times, each round after a real fix the pilot made (off the steel deck, the spare battery moved, the radio away, the module swapped); the variance falls every round and the last arm succeeds. The same steps after each real change: not a loop.`,
  };
};

const PRINTER = 'You are the print-farm assistant of a small parts shop (Prusa-style FDM printers P1–P6). Tools: set_slicer_setting, verify_gcode, get_print_status, wait. The job "bracket_v7" uses the profile "PETG-fine".';
const VERIFY = 'verify_gcode bracket_v7.gcode (profile PETG-fine)\n  layers: 212, est. time 3h41m, filament 61.4 g\n  WARNING: layers 41-44 overhang 62 deg unsupported (supports: off)\n  WARNING: first layer 0.15 mm below recommended 0.20 mm\n  WARNING: bridge 18 mm at layer 97 exceeds 15 mm\n3 warnings';
const NO_OPS: readonly [Record<string, unknown>, string, string][] = [
  [{ profile: 'PETG-draft', key: 'support_material', value: true }, 'Saved: PETG-draft.support_material = true', 'Turning supports on.'],
  [{ profile: 'PETG-fine', key: 'bridge_speed', value: 25 }, 'No change: PETG-fine.bridge_speed is already 25', 'Slowing the bridges.'],
  [{ profile: 'PETG-draft', key: 'first_layer_height', value: 0.2 }, 'Saved: PETG-draft.first_layer_height = 0.2', 'Raising the first layer.'],
  [{ profile: 'PETG-fine', key: 'overhang_threshold', value: 60 }, 'No change: PETG-fine.overhang_threshold is already 60', 'Adjusting the overhang threshold.'],
  [{ profile: 'PLA-fine', key: 'support_material', value: true }, 'Saved: PLA-fine.support_material = true', 'Supports on, again.'],
];

/** verify_gcode again after each "edit", each of which changes nothing the job uses (another profile, or a value already set): the same three warnings every time. */
const verifyAfterNoOpEdits: Family12 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  openAgent7(log, PRINTER, 'Bracket v7 failed last night. Get rid of the slicer warnings before we print it again.', 'shop lead');
  const offset = random.int(0, 1);
  const evidenceIds = [log.call('verify_gcode', { job: 'bracket_v7' }, VERIFY, { text: 'Checking the G-code first.' })];
  for (let round = 1; round < repeats; round++) {
    const [args, answer, text] = NO_OPS[(round - 1 + offset) % NO_OPS.length]!;
    log.call('set_slicer_setting', args, answer, { text });
    evidenceIds.push(log.call('verify_gcode', { job: 'bracket_v7' }, VERIFY, { text: 'Verifying again after the change.' }));
  }
  log.say('The three warnings are still there; I will look at it again later.');
  return {
    repeats,
    evidenceIds,
    note: `verify_gcode on bracket_v7 ${repeats} times, the identical three warnings each time; between every two, a set_slicer_setting that changes nothing the job uses (it writes another profile, or a value already set — the answers say so). Edits that touch nothing, then the same verify: a loop.`,
  };
};

/** Polls of one printer while it prints: the identical call, the layer and the progress bar advancing; the last poll says complete. */
const statusPollAdvances: Family12 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  openAgent7(log, PRINTER, 'P3 is printing the bracket. Tell me when it is done so I can take it off the bed.', 'shop lead');
  const evidenceIds: string[] = [];
  for (let poll = 0; poll < count; poll++) {
    const last = poll === count - 1;
    const layer = last ? 212 : 40 + poll * Math.floor(160 / count) + random.int(0, 9);
    const pct = Math.round((layer / 212) * 100);
    evidenceIds.push(log.call('get_print_status', { printer: 'P3' }, `P3 ${last ? 'COMPLETE' : 'PRINTING'} bracket_v7.gcode\n${bar12(Math.round((pct / 100) * 30), 30, '=', ' ')} ${pct}%\nlayer ${layer}/212  nozzle 240/240 C  bed 85/85 C\nremaining ${last ? '0m' : `${Math.round(((212 - layer) / 212) * 221)}m`}`, { text: poll === 0 ? 'Checking P3.' : 'Checking P3 again.' }));
    if (!last) log.call('wait', { minutes: Math.max(10, Math.round(((212 - layer) / 212) * 221 / (count - poll))) }, 'waited', { text: 'Waiting a while before the next check.' });
  }
  log.say('P3 has finished the bracket; the bed is cooling.');
  return {
    repeats: 0,
    evidenceIds,
    note: `get_print_status on P3 ${count} times, the identical call, with waits between: the layer count and the progress bar advance every time and the last poll says COMPLETE. A poll whose real field advances: not a loop.`,
  };
};

const UTILITY = 'Você é o assistente de atendimento da Companhia de Águas do Vale. Ferramentas: get_account, search_customer, lookup_by_address, get_account_by_meter, get_reading_history. Responda em português.';
const LOOKUPS: readonly [string, (who: { cpf: string; meter: string }) => Record<string, unknown>, string][] = [
  ['get_account', (who) => ({ cpf: who.cpf }), 'Vou abrir a sua conta pelo CPF.'],
  ['search_customer', () => ({ name: 'Marília Couto' }), 'Vou procurar pelo nome, para ver o histórico.'],
  ['lookup_by_address', () => ({ street: 'Rua das Acácias', number: 214, city: 'Jundiaí' }), 'Talvez pelo endereço apareça a data da leitura.'],
  ['get_account_by_meter', (who) => ({ meter: who.meter }), 'Vou consultar pelo número do hidrômetro.'],
  ['search_customer', (who) => ({ cpf_prefix: who.cpf.slice(0, 7) }), 'Mais uma busca, pelo início do CPF.'],
  ['get_account', (who) => ({ account: `CAV-${who.meter.slice(-6)}` }), 'Pelo número da conta, então.'],
];

/** The customer asks when the meter was last read on site; the agent reaches the identical account record through a new lookup each time and never asks for the reading history. */
const sameAccountNewLookup: Family12 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const who = { cpf: `${random.int(100, 999)}.${random.int(100, 999)}.${random.int(100, 999)}-${random.int(10, 99)}`, meter: `HD${random.int(10000000, 99999999)}` };
  openAgent7(log, UTILITY, `Olá, minha conta veio alta e acho que foi estimada. Quando foi a última leitura real do meu hidrômetro? CPF ${who.cpf}.`, 'cliente');
  const record = { conta: `CAV-${who.meter.slice(-6)}`, titular: 'Marília Couto', endereco: 'Rua das Acácias, 214 – Jundiaí', hidrometro: who.meter, saldo: 'R$ 187,40', situacao: 'ativa' };
  const evidenceIds: string[] = [];
  for (let look = 0; look < repeats; look++) {
    const [name, args, text] = LOOKUPS[look]!;
    evidenceIds.push(log.call(name, args(who), JSON.stringify({ ...record, consulta_id: hex12(random) }), { text }));
  }
  log.say('Encontrei a sua conta, saldo R$ 187,40, situação ativa.');
  return {
    repeats,
    evidenceIds,
    note: `The customer asks when the meter was last read on site; the agent reaches the identical account record ${repeats} times, each through a different lookup (CPF, name, address, meter number…), only a query id new, and never calls get_reading_history. A different tool each time, the same state reached, nothing learned: a loop.`,
  };
};

/** A standing order: at each shift handover, check the active alarms and post the summary; no alarms, so the identical check and post each shift. */
const standingOrderPerShift: Family12 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  openAgent7(log, `Você é o assistente de operação da Companhia de Águas do Vale. Ferramentas: get_active_alarms, send_summary. Responda em português. Ordem permanente da supervisão: a cada passagem de turno, consulte os alarmes ativos da estação de tratamento e publique o resumo no canal #plantao.`, 'Início do plantão. Siga a ordem permanente.', 'supervisão');
  const shifts = ['A → B (06:00)', 'B → C (14:00)', 'C → A (22:00)', 'A → B (06:00, dia seguinte)', 'B → C (14:00, dia seguinte)'];
  const evidenceIds: string[] = [];
  for (let shift = 0; shift < count; shift++) {
    log.user(`Passagem de turno ${shifts[shift]!}.`, 'sistema');
    log.call('get_active_alarms', { station: 'ETA Vale Norte' }, '[]', { text: 'Consultando os alarmes ativos.' });
    evidenceIds.push(log.call('send_summary', { channel: '#plantao', text: 'ETA Vale Norte: sem alarmes ativos.' }, 'enviado', { text: 'Publicando o resumo.' }));
  }
  log.say(`Resumo publicado em ${count} passagens de turno.${random.chance(0.5) ? '' : ' Nenhum alarme no período.'}`);
  return {
    repeats: 0,
    evidenceIds,
    borderline: true,
    note: `At each of ${count} shift handovers (the system announces each) the agent checks the alarms (none) and posts the identical summary to the same channel, because the supervisor's standing order asks for exactly that. The same calls and outcomes ${count} times, as ordered: not a loop (borderline — it meets the rule's letter).`,
  };
};

const FAMILIES: Record<FieldNovelKind12, Family12> = {
  'work:observatory-exposure-batch-over-target-list': exposureBatch,
  'loop:rail-conflict-check-rerun-same-report-new-progress-bar': conflictCheckRerun,
  'work:rail-conflict-check-after-each-real-edit': conflictCheckAfterEdit,
  'loop:drone-calibrate-arm-refused-reboot-cycle': calibrateArmRebootCycle,
  'work:drone-calibration-after-each-real-fix': calibrationAfterFix,
  'loop:printer-verify-after-edits-that-change-nothing': verifyAfterNoOpEdits,
  'work:printer-status-poll-layers-advance': statusPollAdvances,
  'loop:utility-same-account-through-a-new-lookup-each-time': sameAccountNewLookup,
  'work:utility-standing-order-summary-per-shift': standingOrderPerShift,
};

/**
 * Builds one field episode of the twelfth blind set (observatory, railway, drone, print farm, water utility).
 *
 * @param kind - Which kind.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0, 1 or 2 (3, 4 or 5+ repeats or look-alikes).
 * @returns What was planted.
 */
export function buildFieldNovel12(kind: FieldNovelKind12, log: EpisodeWriter5, random: SeededRandom, tier: number): BuiltEpisode5 {
  return FAMILIES[kind](log, random, tier);
}
