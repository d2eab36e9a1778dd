import type { ReviewNote } from '@candid/domain';
import { describe, expect, it } from 'vitest';
import { isBookmarkInputAllowed } from './bookmark-inputs';
import { getNoteStops } from './use-note-playback';

function note(id: string, timeStamp?: string): ReviewNote {
  return { id, txt: id, createdAt: '2024-05-01T10:00:00.000Z', owner: null, timeStamp };
}

describe('getNoteStops', () => {
  it('plays the bookmarks in video order, 5 s each or until the next, never past the end', () => {
    const notes = [
      note('late', '01:00'),
      note('plain'),
      note('early', '00:10'),
      note('near', '00:12'),
    ];
    expect(getNoteStops(notes, 63)).toEqual([
      { noteId: 'early', seconds: 10, endSec: 12 },
      { noteId: 'near', seconds: 12, endSec: 17 },
      { noteId: 'late', seconds: 60, endSec: 63 },
    ]);
  });

  it('leaves out bookmarks past the video and plays a shared second once', () => {
    const notes = [note('a', '00:05'), note('b', '00:05'), note('c', '02:00')];
    expect(getNoteStops(notes, 90)).toEqual([{ noteId: 'a', seconds: 5, endSec: 10 }]);
  });
});

describe('isBookmarkInputAllowed', () => {
  it.each([
    [{ minutes: '', seconds: '' }, 90, true],
    [{ minutes: '1', seconds: '' }, 90, true],
    [{ minutes: '01', seconds: '30' }, 90, true],
    [{ minutes: '01', seconds: '31' }, 90, false],
    [{ minutes: '', seconds: '59' }, 90, true],
    [{ minutes: '', seconds: '60' }, 90, false],
    [{ minutes: '001', seconds: '' }, 9000, false],
    [{ minutes: '1a', seconds: '' }, 90, false],
    [{ minutes: '', seconds: '5' }, 0, false],
  ])('%j in a %i s video: %s', (parts, durationSec, expected) => {
    expect(isBookmarkInputAllowed(parts, durationSec)).toBe(expected);
  });
});
