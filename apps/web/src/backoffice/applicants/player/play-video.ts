/**
 * Starts `video`; resolves false when the browser refused (autoplay policy) or a pause or a new
 * source interrupted the start, which is not an error.
 */
export async function playVideo(video: HTMLMediaElement): Promise<boolean> {
  try {
    await video.play();
    return true;
  } catch {
    return false;
  }
}
