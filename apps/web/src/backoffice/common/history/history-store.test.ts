import { beforeEach, describe, expect, it } from 'vitest';
import { HISTORY_LIMIT, useHistoryStore, type HistoryLabel } from './history-store';

/** A value the recorded steps change: `set n` replaces it, undo puts the old value back. */
let value = 0;

type Op =
  | { set: number; label?: HistoryLabel }
  | { undo: number }
  | { redo: number }
  | { updateWithUndoFlag: number };

function apply(op: Op): number | void {
  const history = useHistoryStore.getState();
  if ('set' in op) {
    const previous = value;
    value = op.set;
    history.record({
      label: op.label ?? 'archive',
      undo: () => (value = previous),
      redo: () => (value = op.set),
    });
  } else if ('updateWithUndoFlag' in op) {
    // The editor's job update: the previous edited job is kept, then the update applies.
    const previous = value;
    history.record({ label: 'keepPreviousJob', undo: () => (value = previous), redo: () => {} });
    value = op.updateWithUndoFlag;
    history.record({
      label: 'updateJob',
      undo: () => (value = previous),
      redo: () => (value = op.updateWithUndoFlag),
    });
  } else if ('undo' in op) {
    return history.undo(op.undo);
  } else {
    return history.redo(op.redo);
  }
}

const cases: {
  name: string;
  ops: Op[];
  value: number;
  past: number;
  future: number;
  lastResult?: number;
}[] = [
  { name: 'nothing recorded', ops: [], value: 0, past: 0, future: 0 },
  {
    name: 'undo with no history does nothing',
    ops: [{ undo: 1 }],
    value: 0,
    past: 0,
    future: 0,
    lastResult: 0,
  },
  { name: 'one mutation', ops: [{ set: 1 }], value: 1, past: 1, future: 0 },
  {
    name: 'a failed remove: one undo step',
    ops: [{ set: 1 }, { set: 2, label: 'remove' }, { undo: 1 }],
    value: 1,
    past: 1,
    future: 1,
    lastResult: 1,
  },
  {
    name: 'a failed update: two undo steps',
    ops: [{ updateWithUndoFlag: 5 }, { undo: 2 }],
    value: 0,
    past: 0,
    future: 2,
    lastResult: 2,
  },
  {
    name: 'two updates, the second fails',
    ops: [{ updateWithUndoFlag: 5 }, { updateWithUndoFlag: 7 }, { undo: 2 }],
    value: 5,
    past: 2,
    future: 2,
  },
  {
    name: 'redo after undo',
    ops: [{ set: 1 }, { set: 2 }, { undo: 2 }, { redo: 1 }],
    value: 1,
    past: 1,
    future: 1,
    lastResult: 1,
  },
  {
    name: 'redo an update (two steps)',
    ops: [{ updateWithUndoFlag: 5 }, { undo: 2 }, { redo: 2 }],
    value: 5,
    past: 2,
    future: 0,
  },
  {
    name: 'a new mutation drops the redo steps',
    ops: [{ set: 1 }, { set: 2 }, { undo: 1 }, { set: 3 }],
    value: 3,
    past: 2,
    future: 0,
  },
  {
    name: 'undo more than recorded stops at the start',
    ops: [{ set: 1 }, { undo: 5 }],
    value: 0,
    past: 0,
    future: 1,
    lastResult: 1,
  },
  {
    name: 'redo with nothing undone does nothing',
    ops: [{ set: 1 }, { redo: 1 }],
    value: 1,
    past: 1,
    future: 0,
    lastResult: 0,
  },
];

describe('useHistoryStore', () => {
  beforeEach(() => {
    value = 0;
    useHistoryStore.getState().clear();
  });

  it.each(cases)('$name', ({ ops, value: expected, past, future, lastResult }) => {
    let result: number | void = undefined;
    for (const op of ops) result = apply(op);
    expect(value).toBe(expected);
    expect(useHistoryStore.getState().past).toHaveLength(past);
    expect(useHistoryStore.getState().future).toHaveLength(future);
    if (lastResult !== undefined) expect(result).toBe(lastResult);
  });

  it('tells which step undo and redo would take', () => {
    apply({ updateWithUndoFlag: 1 });
    expect(useHistoryStore.getState().peekUndo()).toBe('updateJob');
    apply({ undo: 1 });
    expect(useHistoryStore.getState().peekUndo()).toBe('keepPreviousJob');
    expect(useHistoryStore.getState().peekRedo()).toBe('updateJob');
  });

  it(`keeps the last ${HISTORY_LIMIT} steps`, () => {
    for (let i = 1; i <= HISTORY_LIMIT + 5; i += 1) apply({ set: i });
    expect(useHistoryStore.getState().past).toHaveLength(HISTORY_LIMIT);
    apply({ undo: HISTORY_LIMIT });
    expect(value).toBe(5);
  });
});
