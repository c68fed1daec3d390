import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit';

/** A writer whose statements the test lets finish one at a time; items named 'bad' make a statement fail. */
function fakeWriter() {
  const statements: string[][] = [];
  const pending: (() => void)[] = [];
  const write = (items: string[]) => {
    statements.push(items);
    return new Promise<void>((resolve, reject) =>
      pending.push(() => {
        if (items.includes('down')) return reject(new Error('Query read timeout'));
        if (items.includes('bad')) return reject(Object.assign(new Error('constraint violated'), { code: '23503' }));
        resolve();
      }),
    );
  };
  const finishNext = async () => {
    await new Promise((resolve) => setImmediate(resolve));
    pending.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { write, statements, finishNext, pendingCount: () => pending.length };
}

describe('GroupCommit', () => {
  it('writes the first item at once and groups items that arrive while statements are in flight', async () => {
    const fake = fakeWriter();
    const group = new GroupCommit(fake.write, { maxBatch: 10, maxInFlight: 1 });
    const first = group.add('a');
    expect(fake.statements).toEqual([['a']]);
    const rest = [group.add('b'), group.add('c'), group.add('d')];
    await fake.finishNext();
    await first;
    expect(fake.statements).toEqual([['a'], ['b', 'c', 'd']]);
    await fake.finishNext();
    await Promise.all(rest);
  });

  it('with gatherEachTurn, waits one turn of the event loop before each statement: a synchronous writer still groups', async () => {
    // PGlite answers within the same turn: without the turn, the first item goes alone and the statements
    // run back to back (their microtasks never let a request in).
    const statements: string[][] = [];
    const write = async (items: string[]) => void statements.push(items);
    const group = new GroupCommit(write, { maxBatch: 10, maxInFlight: 1, gatherEachTurn: true });
    const first = [group.add('a'), group.add('b')];
    expect(statements).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    const later = group.add('c');
    await Promise.all([...first, later]);
    expect(statements).toEqual([['a', 'b'], ['c']]);

    const ungrouped: string[][] = [];
    const eager = new GroupCommit(async (items: string[]) => void ungrouped.push(items), { maxBatch: 10, maxInFlight: 1 });
    await Promise.all([eager.add('a'), eager.add('b')]);
    expect(ungrouped).toEqual([['a'], ['b']]);
  });

  it('keeps at most maxInFlight statements and maxBatch items per statement', async () => {
    const fake = fakeWriter();
    const group = new GroupCommit(fake.write, { maxBatch: 2, maxInFlight: 2 });
    const all = ['a', 'b', 'c', 'd', 'e', 'f'].map((item) => group.add(item));
    expect(fake.statements).toEqual([['a'], ['b']]);
    while (fake.pendingCount()) await fake.finishNext();
    await Promise.all(all);
    expect(fake.statements.slice(2)).toEqual([['c', 'd'], ['e', 'f']]);
  });

  it('acknowledges nothing before its statement commits', async () => {
    const fake = fakeWriter();
    const group = new GroupCommit(fake.write, { maxBatch: 10, maxInFlight: 1 });
    let settled = false;
    const added = group.add('a').then(() => (settled = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    await fake.finishNext();
    await added;
    expect(settled).toBe(true);
  });

  it('fails a batch that failed for another reason than its data, and the items waiting behind it (no time-out waited twice)', async () => {
    const fake = fakeWriter();
    const group = new GroupCommit(fake.write, { maxBatch: 2, maxInFlight: 1, failWaitingOnOutage: true });
    const outcome = (item: string) => group.add(item).then(() => 'ok', (error: Error) => error.message);
    const all = ['down', 'b', 'c', 'd'].map(outcome);
    await fake.finishNext();
    expect(await Promise.all(all)).toEqual(Array(4).fill('Query read timeout'));
    expect(fake.statements).toEqual([['down']]);
    // Later items are written as usual.
    const later = outcome('e');
    await fake.finishNext();
    expect(await later).toBe('ok');
  });

  it('without failWaitingOnOutage, items waiting behind a failed statement get their own attempt', async () => {
    const fake = fakeWriter();
    const group = new GroupCommit(fake.write, { maxBatch: 10, maxInFlight: 1 });
    const outcome = (item: string) => group.add(item).then(() => 'ok', (error: Error) => error.message);
    const all = ['down', 'b', 'c'].map(outcome);
    while (fake.pendingCount()) await fake.finishNext();
    expect(await Promise.all(all)).toEqual(['Query read timeout', 'ok', 'ok']);
    expect(fake.statements).toEqual([['down'], ['b', 'c']]);
  });

  it('retries a batch refused for one row\'s data item by item: only the bad item fails', async () => {
    const fake = fakeWriter();
    const group = new GroupCommit(fake.write, { maxBatch: 10, maxInFlight: 1 });
    const first = group.add('a');
    const batch = ['b', 'bad', 'c'].map((item) => group.add(item).then(() => 'ok', (error: Error) => error.message));
    await fake.finishNext(); // 'a'
    await first;
    await fake.finishNext(); // ['b', 'bad', 'c'] fails
    while (fake.pendingCount()) await fake.finishNext();
    expect(await Promise.all(batch)).toEqual(['ok', 'constraint violated', 'ok']);
    expect(fake.statements).toEqual([['a'], ['b', 'bad', 'c'], ['b'], ['bad'], ['c']]);
  });
});
