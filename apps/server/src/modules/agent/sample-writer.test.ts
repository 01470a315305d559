import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGroupCommit, type GroupOutcome } from './sample-writer.js';

/** A flush the test completes by hand, recording the groups it was given. */
function manualFlush() {
  const groups: number[][] = [];
  const finishers: ((outcome: GroupOutcome | Error) => void)[] = [];
  const flush = (group: number[]) => {
    groups.push(group);
    return new Promise<GroupOutcome>((resolve, reject) => {
      finishers.push((outcome) => (outcome instanceof Error ? reject(outcome) : resolve(outcome)));
    });
  };
  const finish = (outcome: GroupOutcome | Error) => finishers.shift()!(outcome);
  return { groups, flush, finish };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

function settled(promise: Promise<unknown>) {
  const state = { done: false, error: undefined as Error | undefined };
  promise.then(
    () => (state.done = true),
    (error: Error) => {
      state.done = true;
      state.error = error;
    },
  );
  return state;
}

describe('group commit', () => {
  it('groups pushes arriving together and acknowledges them only after their flush', async () => {
    const { groups, flush, finish } = manualFlush();
    const commit = createGroupCommit(flush);
    const first = [1, 2, 3].map((item) => settled(commit.submit(item)));
    await tick();
    expect(groups).toEqual([[1, 2, 3]]);
    // Arriving while the first group is being written: they wait for the next flush.
    const second = [4, 5].map((item) => settled(commit.submit(item)));
    await tick();
    expect(first.some((state) => state.done)).toBe(false);
    finish([null, null, null]);
    await tick();
    expect(first.every((state) => state.done && !state.error)).toBe(true);
    expect(groups).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    expect(second.some((state) => state.done)).toBe(false);
    finish([null, null]);
    await commit.drain();
    expect(second.every((state) => state.done && !state.error)).toBe(true);
  });

  it('fails every push of a group whose flush fails, and only those', async () => {
    const { flush, finish } = manualFlush();
    const commit = createGroupCommit(flush);
    const failed = [1, 2].map((item) => settled(commit.submit(item)));
    await tick();
    const next = settled(commit.submit(3));
    finish(new Error('disk I/O error'));
    await tick();
    expect(failed.map((state) => state.error?.message)).toEqual([
      'disk I/O error',
      'disk I/O error',
    ]);
    finish([null]);
    await commit.drain();
    expect(next).toEqual({ done: true, error: undefined });
  });

  it('answers each push with its own outcome', async () => {
    const { flush, finish } = manualFlush();
    const commit = createGroupCommit(flush);
    const states = [1, 2, 3].map((item) => settled(commit.submit(item)));
    await tick();
    finish([null, new Error('server gone'), null]);
    await commit.drain();
    expect(states.map((state) => state.error?.message)).toEqual([
      undefined,
      'server gone',
      undefined,
    ]);
  });

  it('flushes every item once, in order, in groups of at most the maximum', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 7 }),
        async (bursts, maxGroup) => {
          const groups: number[][] = [];
          const commit = createGroupCommit(async (group: number[]) => {
            groups.push(group);
            await tick();
            return group.map(() => null);
          }, maxGroup);
          let next = 0;
          const all: Promise<unknown>[] = [];
          for (const size of bursts) {
            for (let i = 0; i < size; i += 1) all.push(commit.submit(next++));
            await tick();
          }
          await Promise.all(all);
          await commit.drain();
          expect(groups.flat()).toEqual(Array.from({ length: next }, (_, i) => i));
          expect(groups.every((group) => group.length >= 1 && group.length <= maxGroup)).toBe(true);
        },
      ),
      { numRuns: 50 },
    );
  });
});
