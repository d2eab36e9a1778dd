/**
 * A background job that runs one at a time: `kick` starts a run, or asks for one more after the
 * run in progress (several kicks during a run give one more run, not several); a failed run is
 * passed to `onError` and counts as `empty`. `idle` resolves when no run is in progress.
 */
export function coalescedRun<T>(
  run: () => Promise<T>,
  options: { empty: T; onError: (error: unknown) => void },
): { kick: () => Promise<T>; idle: () => Promise<void> } {
  let running: Promise<T> | null = null;
  let again = false;
  function kick(): Promise<T> {
    if (running) {
      again = true;
      return running;
    }
    running = run()
      .catch((error: unknown) => {
        options.onError(error);
        return options.empty;
      })
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          void kick();
        }
      });
    return running;
  }
  return {
    kick,
    async idle() {
      while (running) await running;
    },
  };
}
