import { describe, expect, it } from 'vitest';
import { runAgent } from './run-agent.js';
import { scriptedModel } from './scripted-model.js';

describe('examples/ai-sdk-agent (offline)', () => {
  it('the scripted agent never runs the failing suite a third time, and finishes', async () => {
    const run = await runAgent(scriptedModel());
    expect(run.commands.filter((command) => command === 'npm test')).toHaveLength(2);
    expect(run.blocked).toBe(1);
    expect(run.deadEnds.join('\n')).toContain('npm test');
    expect(run.text).toContain('Fixed');
  });
});
