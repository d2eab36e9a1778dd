import { BREAKPOINTS } from '@candid/domain';
import { em } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/** Below the small breakpoint menus become bottom sheets ("Mobile"). */
export const PHONE_QUERY = `(max-width: ${em(BREAKPOINTS.sm - 0.02)})`;
/** Touch screens (no precise pointer): lists scroll on instead of paging. */
export const COARSE_POINTER_QUERY = '(pointer: coarse)';

/** Whether the viewport is phone-sized; read at once so the first render is right. */
export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
}

/** Whether the main pointer is a finger. */
export function useIsTouchDevice(): boolean {
  return useMediaQuery(COARSE_POINTER_QUERY, false, { getInitialValueInEffect: false });
}
