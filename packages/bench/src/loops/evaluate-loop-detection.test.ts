import { describe, expect, it } from 'vitest';
import { evaluateLoopDetection } from './evaluate-loop-detection.js';
import { replayLoopDetection } from './replay-loop-detection.js';
import { scoreDetections } from './score-detections.js';
import { syntheticLoopEpisode } from './synthetic-loop-episodes.js';

const options = { window: 8, repeats: 3 };

describe('loop detection bench', () => {
  it('scores precision and recall from predictions and labels', () => {
    expect(scoreDetections([[true, true], [true, false], [false, true], [false, false]])).toMatchObject({ truePositives: 1, falsePositives: 1, falseNegatives: 1, trueNegatives: 1, precision: 0.5, recall: 0.5 });
    expect(scoreDetections([])).toMatchObject({ precision: 1, recall: 1 });
  });

  it('generates every episode kind deterministically, with valid tool pairs', () => {
    const kinds = new Set<string>();
    for (let seed = 1; seed <= 20; seed++) {
      const episode = syntheticLoopEpisode(seed);
      expect(syntheticLoopEpisode(seed)).toEqual(episode);
      kinds.add(episode.kind);
      const calls = new Set(episode.messages.flatMap((message) => message.toolCalls?.map((call) => call.id) ?? []));
      for (const message of episode.messages) if (message.role === 'tool') expect(calls.has(message.toolCallId!)).toBe(true);
    }
    expect(kinds.size).toBe(10);
  });

  it('the naive baseline raises false alarms on paging and edit-run iteration that cairn does not', () => {
    const paging = syntheticLoopEpisode(4);
    const iteration = syntheticLoopEpisode(5);
    expect([paging.kind, iteration.kind]).toEqual(['work:paging', 'work:edit-run-iteration']);
    for (const episode of [paging, iteration]) {
      expect(replayLoopDetection(episode.messages, options, 'naive').fired).toBe(true);
      expect(replayLoopDetection(episode.messages, options, 'cairn').fired).toBe(false);
    }
  });

  it('reports a row per split and detector, naming misses and false alarms', () => {
    const units = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((seed) => {
      const episode = syntheticLoopEpisode(seed);
      return { id: episode.id, split: seed % 2 === 0 ? ('dev' as const) : ('held-out' as const), loop: episode.loop, messages: episode.messages };
    });
    const rows = evaluateLoopDetection(units, options);
    expect(rows.map((row) => `${row.split}/${row.detector}`)).toEqual(['dev/cairn', 'dev/naive', 'held-out/cairn', 'held-out/naive']);
    expect(rows.find((row) => row.detector === 'cairn' && row.split === 'dev')).toMatchObject({ units: 5, precision: 1, recall: 1, missed: [], falseAlarms: [] });
  });
});
