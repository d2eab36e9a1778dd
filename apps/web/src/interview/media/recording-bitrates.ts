import { recordingBitratesFor, type RecordingBitrates } from '@candid/domain';

/**
 * The recorder's bitrates at the hand-over to the interview: from the measured
 * uplink, or, while that is still being measured (a slow uplink takes longest), from the
 * connectivity probe's download speed. An uplink is rarely faster than the downlink, so that
 * estimate only ever lowers the browser's own bitrate; the uplink's result replaces it when it
 * arrives. Null (the browser's choice) when neither was measured.
 */
export function handoverBitrates(
  uplinkMbps: number | null,
  downlinkMbps: number | null,
): RecordingBitrates | null {
  return recordingBitratesFor(uplinkMbps ?? downlinkMbps);
}
