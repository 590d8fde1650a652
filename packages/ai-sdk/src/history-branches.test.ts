import { createInMemorySessionStore, openSession, type SessionStore } from '@cairn/core';
import { generateText, wrapLanguageModel, type ModelMessage } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { cairnMiddleware } from './cairn-middleware.js';
import { textResult } from './test-support/mock-results.js';

const user = (text: string): ModelMessage => ({ role: 'user', content: text });
const assistant = (text: string): ModelMessage => ({ role: 'assistant', content: text });
const contents = (messages: readonly { content: unknown }[]) => messages.map((message) => message.content);

/** The root session's branches as its store records say, read by a fresh session (not the middleware's). */
async function branchesOf(store: SessionStore, sessionId: string) {
  const session = await openSession({ store, sessionId });
  const branches = await session.listBranches();
  await session.close();
  return branches;
}

describe('an edited history opens a core branch of the line it left (issue 16)', () => {
  it('forks at the common prefix without copying it, is found again after a restart, and leaves the parent untouched', async () => {
    const store = createInMemorySessionStore();
    const middleware = cairnMiddleware({ store, sessionId: 'chat' });
    const model = new MockLanguageModelV4({ doGenerate: textResult('ok') });
    const wrapped = wrapLanguageModel({ model, middleware });
    await generateText({ model: wrapped, messages: [user('Use Postgres.'), assistant('OK, Postgres.'), user('Schema?')] });
    await generateText({ model: wrapped, messages: [user('Use Postgres.'), assistant('OK, Postgres.'), user('Schema?'), assistant('ok'), user('Indexes?')] });
    const parentBefore = await store.load({ tenant: 'default', sessionId: 'chat' });
    expect(contents(parentBefore!.messages)).toEqual(['Use Postgres.', 'OK, Postgres.', 'Schema?', 'ok', 'Indexes?']);

    // The caller edits its third message: the branch keeps the first two (shared) and adds the edit.
    await generateText({ model: wrapped, messages: [user('Use Postgres.'), assistant('OK, Postgres.'), user('Schema for MySQL?')] });
    expect(JSON.stringify(model.doGenerateCalls[2]!.prompt)).not.toContain('Indexes?');
    expect(JSON.stringify(model.doGenerateCalls[2]!.prompt)).toContain('OK, Postgres.');
    const b1 = await middleware.engine('chat:b1');
    expect(contents(b1.getMessages())).toEqual(['Use Postgres.', 'OK, Postgres.', 'Schema for MySQL?']);
    expect(await branchesOf(store, 'chat')).toEqual([expect.objectContaining({ name: 'b1', path: ['chat', 'b1'], depth: 1, forkAt: 2, status: 'open' })]);
    // Nothing shared was copied: the branch's own store session holds only the edited message.
    const ownKey = (await (await openSession({ store, sessionId: 'chat' })).openBranch('b1')).session.key;
    expect(contents((await store.load(ownKey))!.messages)).toEqual(['Schema for MySQL?']);
    await middleware.close();

    // A restart: a new middleware over the same store continues the branch, not a new one.
    const restarted = cairnMiddleware({ store, sessionId: 'chat' });
    const wrapped2 = wrapLanguageModel({ model, middleware: restarted });
    await generateText({ model: wrapped2, messages: [user('Use Postgres.'), assistant('OK, Postgres.'), user('Schema for MySQL?'), assistant('ok'), user('And indexes?')] });
    expect(contents((await restarted.engine()).getMessages())).toEqual(['Use Postgres.', 'OK, Postgres.', 'Schema for MySQL?', 'ok', 'And indexes?']);
    expect((await branchesOf(store, 'chat')).map((branch) => branch.name)).toEqual(['b1']);
    expect(contents((await store.load(ownKey))!.messages)).toEqual(['Schema for MySQL?', 'ok', 'And indexes?']);

    // An edit inside the branch's own messages nests a branch under it; an edit inside the shared
    // start forks from the session itself (the same messages), keeping the tree flat.
    await generateText({ model: wrapped2, messages: [user('Use Postgres.'), assistant('OK, Postgres.'), user('Schema for MySQL?'), assistant('ok'), user('And views?')] });
    const b1Session = await (await openSession({ store, sessionId: 'chat' })).openBranch('b1');
    expect(await b1Session.session.listBranches()).toEqual([expect.objectContaining({ name: 'b2', path: ['chat', 'b1', 'b2'], depth: 2, forkAt: 4 })]);
    await generateText({ model: wrapped2, messages: [user('Use Postgres.'), assistant('Why not SQLite?')] });
    expect(await branchesOf(store, 'chat')).toEqual([expect.objectContaining({ name: 'b1', forkAt: 2 }), expect.objectContaining({ name: 'b3', depth: 1, forkAt: 1 })]);
    expect(contents((await restarted.engine()).getMessages())).toEqual(['Use Postgres.', 'Why not SQLite?']);
    await restarted.close();

    // Another restart finds the nested branch in the store's tree.
    const third = cairnMiddleware({ store, sessionId: 'chat' });
    await generateText({ model: wrapLanguageModel({ model, middleware: third }), messages: [user('Use Postgres.'), assistant('OK, Postgres.'), user('Schema for MySQL?'), assistant('ok'), user('And views?'), assistant('ok'), user('Materialized?')] });
    expect(contents((await third.engine('chat:b2')).getMessages())).toEqual(['Use Postgres.', 'OK, Postgres.', 'Schema for MySQL?', 'ok', 'And views?', 'ok', 'Materialized?']);
    expect((await branchesOf(store, 'chat')).map((branch) => branch.name)).toEqual(['b1', 'b3']);
    await third.close();
    // Asked for by id alone (no call first), a nested branch is found in the tree too.
    const fourth = cairnMiddleware({ store, sessionId: 'chat' });
    expect(contents((await fourth.engine('chat:b2')).getMessages())).toHaveLength(7);
    const viaCall = new MockLanguageModelV4({ doGenerate: textResult('ok') });
    await generateText({ model: wrapLanguageModel({ model: viaCall, middleware: fourth }), messages: [user('Use Postgres.'), assistant('Why not SQLite?'), assistant('ok'), user('Fine.')], providerOptions: { cairn: { sessionId: 'chat:b3' } } });
    expect(contents((await fourth.engine('chat:b3')).getMessages())).toEqual(['Use Postgres.', 'Why not SQLite?', 'ok', 'Fine.']);
    await fourth.close();

    // The parent session was never written by any of it.
    expect(await store.load({ tenant: 'default', sessionId: 'chat' }).then((loaded) => contents(loaded!.messages))).toEqual(contents(parentBefore!.messages));
  });

  it('a store without branch records keeps each branch as a session of its own, as before', async () => {
    const { saveBranch: _save, loadBranches: _load, ...plain } = createInMemorySessionStore();
    const store = plain as SessionStore;
    const middleware = cairnMiddleware({ store, sessionId: 'chat' });
    const wrapped = wrapLanguageModel({ model: new MockLanguageModelV4({ doGenerate: textResult('ok') }), middleware });
    await generateText({ model: wrapped, messages: [user('one'), assistant('ok'), user('two')] });
    await generateText({ model: wrapped, messages: [user('one'), assistant('ok'), user('three')] });
    expect(contents((await store.load({ tenant: 'default', sessionId: 'chat:b1' }))!.messages)).toEqual(['one', 'ok', 'three']);
    expect(contents((await store.load({ tenant: 'default', sessionId: 'chat' }))!.messages)).toEqual(['one', 'ok', 'two']);
    await middleware.close();
  });
});
