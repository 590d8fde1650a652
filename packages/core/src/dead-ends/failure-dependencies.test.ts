import { describe, expect, test } from 'vitest';
import { argumentPaths, failureDependencies, pathsIn, pathsOverlap } from './failure-dependencies.js';
import { stateChangeTargets, touchesFailure } from './state-change-targets.js';

describe('failureDependencies', () => {
  test('reads files from the command line and traceback, modules from import errors', () => {
    const output = 'Traceback (most recent call last):\n  File "/repo/reproduce.py", line 2, in <module>\nModuleNotFoundError: No module named \'myapp.models\'';
    expect(failureDependencies('bash', { command: 'python reproduce.py' }, output)).toEqual({ paths: ['reproduce.py', '/repo/reproduce.py', 'myapp.models'], modules: ['myapp.models'], anyFile: false, missingFile: false, openFile: false });
  });

  test('in-file calls depend on the open file; blind runs and folder searches on any file', () => {
    expect(failureDependencies('edit', { command: 'edit 3:4\nimport a.b\nend_of_edit' }, 'syntax error', '/repo/x.py')).toMatchObject({ paths: ['/repo/x.py'], openFile: true });
    expect(failureDependencies('python', { command: 'python r.py' }, 'Error: 3 failed').anyFile).toBe(true);
    expect(failureDependencies('search_dir', { command: 'search_dir "def f"' }, 'No matches found').anyFile).toBe(true);
    expect(failureDependencies('stackoverflow_search', { command: 'stackoverflow_search "q"' }, 'x.sh: line 1: api: command not found').anyFile).toBe(false);
  });

  test('paths: tokens with a folder or an extension, compared by trailing parts', () => {
    expect(pathsIn('see ./a/b.py, "c.txt" and https://x.io/y.html; 3.5 and v1')).toEqual(['a/b.py', 'c.txt']);
    expect(argumentPaths('open', { command: 'open django/db/query.py 56' })).toEqual(['django/db/query.py']);
    expect(pathsOverlap('reproduce.py', '/repo/reproduce.py')).toBe(true);
    expect(pathsOverlap('/repo/pkg', '/repo/pkg/mod.py')).toBe(true);
    expect(pathsOverlap('pkg/a.py', 'other/a.py')).toBe(false);
  });

  test("a search's term is not a file: search_file with no file acts on the open file", () => {
    expect(argumentPaths('search_file', { command: 'search_file "Using pytest.skip outside of a test."' })).toEqual([]);
    expect(argumentPaths('search_file', { command: 'search_file "pytest.skip" src/_pytest/python.py' })).toEqual(['src/_pytest/python.py']);
    expect(argumentPaths('bash', { command: 'grep -rn config.yaml deploy/app.yaml' })).toEqual(['deploy/app.yaml']);
    const search = failureDependencies('search_file', { command: 'search_file "pytest.skip"' }, 'No matches found for "pytest.skip" in /repo/src/outcomes.py', '/repo/src/outcomes.py');
    expect(search).toMatchObject({ openFile: true });
  });
});

describe('stateChangeTargets and touchesFailure', () => {
  const depends = (paths: string[], extra: Partial<{ modules: string[]; anyFile: boolean; missingFile: boolean; openFile: boolean }> = {}) => ({ paths, modules: [], anyFile: false, missingFile: false, openFile: false, ...extra });

  test('an edit naming no file writes the open file, or an unknown target', () => {
    expect(stateChangeTargets('edit', { command: 'edit 1:2\nx\nend_of_edit' }, 'a.py')).toMatchObject({ unknown: false, paths: ['a.py'] });
    expect(stateChangeTargets('edit', { command: 'edit 1:2\nx\nend_of_edit' }, undefined).unknown).toBe(true);
    expect(stateChangeTargets('book_reservation', { user: 'u1' }, 'a.py').unknown).toBe(true);
    expect(stateChangeTargets('bash', { command: 'cd src' }, undefined).unknown).toBe(true);
    expect(stateChangeTargets('bash', { command: 'pip install psycopg2-binary==2.9' }, undefined).packages).toEqual(['psycopg2_binary']);
    expect(stateChangeTargets('bash', { command: 'pip install -e .' }, undefined).unknown).toBe(true);
  });

  test('touches a failure through a shared path, the open file, a missing module or an unknown target', () => {
    const edit = stateChangeTargets('edit', { command: 'edit 1:2\nx\nend_of_edit' }, 'pkg/core.py');
    expect(touchesFailure(edit, depends(['/repo/pkg/core.py']))).toBe(true);
    expect(touchesFailure(edit, depends(['/repo/reproduce.py']))).toBe(false);
    expect(touchesFailure(edit, depends([], { anyFile: true }))).toBe(true);
    expect(touchesFailure(edit, undefined)).toBe(true);
    const open = stateChangeTargets('open', { command: 'open b.py' }, 'a.py');
    expect(touchesFailure(open, depends(['a.py'], { openFile: true }))).toBe(true);
    expect(touchesFailure(open, depends(['r.py'], { anyFile: true }))).toBe(false);
    const install = stateChangeTargets('bash', { command: 'pip install pyyaml' }, undefined);
    expect(touchesFailure(install, depends(['r.py'], { modules: ['yaml'] }))).toBe(true);
    expect(touchesFailure(install, depends(['r.py']))).toBe(false);
    expect(touchesFailure(stateChangeTargets('create', { command: 'create myapp/models.py' }, undefined), depends([], { modules: ['myapp'] }))).toBe(true);
    expect(touchesFailure(edit, depends(['core.py'], { missingFile: true }))).toBe(false); // an edit creates no file
    expect(touchesFailure(stateChangeTargets('create', { command: 'create core.py' }, undefined), depends(['core.py'], { missingFile: true }))).toBe(true);
    expect(touchesFailure(stateChangeTargets('search_file', { command: 'search_file x' }, 'a.py'), depends(['a.py']))).toBe(false);
  });
});
