import { recordingBitratesFor } from '@candid/domain';
import { describe, expect, it } from 'vitest';
import { handoverBitrates } from './recording-bitrates';

describe('handoverBitrates', () => {
  it('follows the measured uplink', () => {
    expect(handoverBitrates(0.8, 20)).toEqual(recordingBitratesFor(0.8));
  });

  it('lowers the bitrate from the download speed while a slow uplink is still being measured', () => {
    const slow = handoverBitrates(null, 0.6);
    expect(slow).toEqual(recordingBitratesFor(0.6));
    expect(slow!.videoBitsPerSecond).toBeLessThan(recordingBitratesFor(50)!.videoBitsPerSecond);
  });

  it("leaves the browser's own bitrate when nothing was measured", () => {
    expect(handoverBitrates(null, null)).toBeNull();
  });
});
