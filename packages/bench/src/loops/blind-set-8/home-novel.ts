import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode5, EpisodeWriter5 } from '../blind-set-5/episode-writer.js';
import { lookAlikes7, nth7, openAgent7, repeats7 } from '../blind-set-7/family.js';
import { bar8, clock8, hexId8, type Family8 } from './family.js';

/** Home-automation and robotics kinds invented for the eighth blind set. */
export const HOME_NOVEL_KINDS_8 = [
  'loop:home-thermostat-set-then-schedule-reverts',
  'loop:home-vacuum-jammed-telemetry-drifts',
  'work:home-firmware-bar-advances',
  'work:home-arm-self-check-before-each-pick',
] as const;

/** One kind of {@link HOME_NOVEL_KINDS_8}. */
export type HomeNovelKind8 = (typeof HOME_NOVEL_KINDS_8)[number];

const HOME = 'You are the home assistant of the Varga household. Tools: set_thermostat({ zone, target_c }), get_thermostat({ zone }), start_cleaning({ room }), get_update_status({ device }), disable_schedule({ zone }). Act, then report briefly.';
const ARM = 'You control a pick-and-place arm in a small parts warehouse. Tools: self_check(), pick({ item, from_bin, to_tote }). SAFETY PROTOCOL: run self_check() before every pick, without exception, and stop if it reports any fault.';

/** Round after round: set the target (accepted), read it back (the schedule has put it back): the schedule is never touched. */
const thermostatSetThenScheduleReverts: Family8 = (log, random, tier) => {
  const repeats = repeats7(tier, random, 5);
  const zone = random.pick(['living_room', 'study', 'nursery']);
  const target = random.int(20, 23);
  const eco = random.int(16, 18);
  openAgent7(log, HOME, `It's freezing in the ${zone.replace('_', ' ')}. Set it to ${target} degrees.`, 'resident');
  const setTexts = [`Setting the ${zone.replace('_', ' ')} to ${target} °C.`, 'The target did not stick; setting it again.', `Setting ${target} °C once more.`, 'Re-applying the target.', 'Setting it again.'];
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(log.call('set_thermostat', { zone, target_c: target }, JSON.stringify({ ok: true, zone, target_c: target }), { text: nth7(setTexts, round) }));
    log.call('get_thermostat', { zone }, JSON.stringify({ zone, mode: 'schedule', schedule: 'Eco nights', target_c: eco, current_c: eco + 0.5, next_change: '06:30' }), { text: 'Reading it back.' });
  }
  log.say(`The ${zone.replace('_', ' ')} keeps returning to ${eco} °C. Something is overriding it; I could not make the change stick.`);
  return { repeats, evidenceIds, note: `${repeats} rounds of set_thermostat to ${target} °C (accepted) and get_thermostat (back at ${eco} °C, mode "schedule", schedule "Eco nights"). The read-back names the cause each time, but the agent never disables the schedule: an A/B cycle of successful calls with identical outcomes, a loop.` };
};

/** The robot vacuum is restarted for the same room and jams at the same spot; job id, battery and uptime drift each time. */
const vacuumJammedTelemetryDrifts: Family8 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const room = random.pick(['kitchen', 'hallway', 'dining room']);
  openAgent7(log, HOME, `Can you get the robot to clean the ${room} before our guests arrive?`, 'resident');
  const battery = random.int(70, 95);
  const uptime = random.int(3000, 9000);
  const [x, y] = [(random.int(2, 9) / 10).toFixed(1), (random.int(10, 19) / 10).toFixed(1)];
  const area = random.int(9, 14) + 0.5;
  const texts = [`Starting a clean of the ${room}.`, 'It stopped; starting it again.', 'Restarting the clean.', `Trying the ${room} again.`, 'Starting it once more.', 'Again.'];
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    const result = [
      `job ${hexId8(random, 10)} · room=${room} · started ${clock8(uptime + 40_000, round, 71)}`,
      `battery ${battery - round}% · uptime ${Math.floor((uptime + round * 70) / 60)}m · firmware 3.8.2 · map v41`,
      `progress ${'|'.repeat(2)}${'.'.repeat(18)} 4% (0.3 m² of ${area} m²)`,
      `ERROR E07: wheel jammed near dock exit (x=${x}, y=${y}); returning to dock`,
    ].join('\n');
    evidenceIds.push(log.call('start_cleaning', { room }, result, { text: nth7(texts, round), isError: true }));
  }
  log.say(`The vacuum jams at the same spot by the dock every time (E07). Could someone check for a cable or rug near the dock?`);
  return { repeats, evidenceIds, note: `The identical start_cleaning call ${repeats} times; each answer has a new job id, start time, a battery one per cent lower and a longer uptime, but the same 4% progress and the same E07 jam at the same coordinates. The fields that change are clocks and counters: a loop.` };
};

/** A firmware update polled with the identical call; the progress bar, percentage and stage advance each time. */
const firmwareBarAdvances: Family8 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const device = random.pick(['hub', 'door-lock', 'doorbell']);
  openAgent7(log, HOME, `Update the ${device} firmware and tell me when it's done.`, 'resident');
  const start = random.int(19 * 3600, 21 * 3600);
  const evidenceIds: string[] = [];
  let percent = 0;
  for (let poll = 0; poll < count; poll++) {
    const last = poll === count - 1;
    percent = last ? 100 : Math.min(95, percent + random.int(12, 22));
    const stage = last ? 'installed, rebooted' : percent < 50 ? 'downloading' : 'verifying';
    const result = `${device} firmware 5.1.4 -> 5.2.0\n${bar8(percent)}\nstage: ${stage}\nchecked ${clock8(start, poll, 34)} · req ${hexId8(random, 8)}`;
    evidenceIds.push(log.call('get_update_status', { device }, result, { text: poll === 0 ? 'Checking the update.' : 'Checking the update again.' }));
  }
  log.say(`The ${device} now runs firmware 5.2.0 and has rebooted.`);
  return { repeats: 0, evidenceIds, note: `The identical get_update_status call ${count} times; besides a new stamp and request id, the bar and percentage advance each time (and the stage moves on) until the update is installed. A progressing poll: not a loop.` };
};

const PARTS = [['M4 hex bolt', 'B-12'], ['hinge bracket', 'C-03'], ['rubber grommet', 'A-07'], ['spring washer', 'B-19'], ['cable tie 200mm', 'D-01']] as const;

/** The protocol requires a self-check before every pick: the identical check 3–5 times, each before a pick of a different part. */
const armSelfCheckBeforeEachPick: Family8 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const order = `ORD-${random.int(10000, 99999)}`;
  const parts = random.shuffle([...PARTS]).slice(0, count);
  openAgent7(log, ARM, `Pack order ${order} into tote T${random.int(10, 40)}: ${parts.map(([item]) => item).join(', ')}.`, 'wms');
  const evidenceIds: string[] = [];
  const check = JSON.stringify({ joints: 'ok', gripper: 'ok', e_stop: 'released', light_curtain: 'clear', faults: [] });
  for (const [item, bin] of parts) {
    evidenceIds.push(log.call('self_check', {}, check, { text: 'Running the required self-check before the pick.' }));
    log.call('pick', { item, from_bin: bin, to_tote: order }, JSON.stringify({ picked: item, from_bin: bin, ok: true }));
  }
  log.say(`Order ${order} packed: ${count} parts, a self-check passed before each pick.`);
  return { repeats: 0, borderline: true, evidenceIds, note: `The identical self_check call with the identical all-clear ${count} times, but the safety protocol requires it before every pick and each precedes a pick of a different part. Not a loop; borderline because the rule's letter (the same call and outcome 3+ times) is met.` };
};

const FAMILIES: Record<HomeNovelKind8, Family8> = {
  'loop:home-thermostat-set-then-schedule-reverts': thermostatSetThenScheduleReverts,
  'loop:home-vacuum-jammed-telemetry-drifts': vacuumJammedTelemetryDrifts,
  'work:home-firmware-bar-advances': firmwareBarAdvances,
  'work:home-arm-self-check-before-each-pick': armSelfCheckBeforeEachPick,
};

/**
 * Builds one home-automation / robotics episode of the eighth blind set.
 *
 * @param kind - Which kind.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0, 1 or 2 (3, 4 or 5+ repeats or look-alikes).
 * @returns What was planted.
 */
export function buildHomeNovel8(kind: HomeNovelKind8, log: EpisodeWriter5, random: SeededRandom, tier: number): BuiltEpisode5 {
  return FAMILIES[kind](log, random, tier);
}
