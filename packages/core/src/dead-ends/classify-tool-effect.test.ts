import { describe, expect, it } from 'vitest';
import { classifyToolEffect } from './classify-tool-effect.js';

describe('classifyToolEffect', () => {
  it('reads the subcommand of a tool named by its command line', () => {
    expect(classifyToolEffect('git', { command: 'git diff .' })).toBe('observe');
    expect(classifyToolEffect('git', { command: 'git --no-pager diff' })).toBe('observe');
    expect(classifyToolEffect('git', { command: 'git -c core.pager=cat diff' })).toBe('observe');
    expect(classifyToolEffect('git', { command: 'git log --oneline' })).toBe('observe');
    expect(classifyToolEffect('git', { command: 'git commit -m "fix"' })).toBe('change');
    expect(classifyToolEffect('git', { command: 'git stash' })).toBe('change');
  });

  it('skips options and settings in a shell command', () => {
    expect(classifyToolEffect('bash', { command: 'git -C repo status' })).toBe('observe');
    expect(classifyToolEffect('bash', { command: 'git --no-pager diff' })).toBe('observe');
    expect(classifyToolEffect('bash', { command: 'git -C repo checkout main' })).toBe('change');
  });

  it('keeps an unknown tool a change, whatever its command says', () => {
    expect(classifyToolEffect('deploy_tool', { command: 'status' })).toBe('change');
    expect(classifyToolEffect('frobnicate', { command: 'frobnicate now' })).toBe('change');
  });

  it('lets the name decide before the command', () => {
    expect(classifyToolEffect('edit', { command: 'edit 3:4\nx = 1\nend_of_edit' })).toBe('change');
    expect(classifyToolEffect('search_file', { command: 'search_file "rm -rf"' })).toBe('observe');
    expect(classifyToolEffect('open', { command: 'open f.py 12' })).toBe('navigate');
  });
});
