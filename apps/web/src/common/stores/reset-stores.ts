/**
 * Logout clears the client state ("Auth flows"). Each store holding per-session state
 * registers its reset here; preferences such as the language are not session state and stay.
 */
const resetters = new Set<() => void>();

export function registerStoreReset(reset: () => void): void {
  resetters.add(reset);
}

export function resetSessionStores(): void {
  for (const reset of resetters) reset();
}
