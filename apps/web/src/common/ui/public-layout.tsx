import { Box } from '@mantine/core';
import type { ReactNode } from 'react';
import { PublicHeader } from './public-header';

/** A page with the public header above a main landmark (error pages, later the auth pages). */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <Box mih="100dvh" bg="gray.0" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box bg="white">
        <PublicHeader />
      </Box>
      <Box component="main" style={{ flex: 1 }}>
        {children}
      </Box>
    </Box>
  );
}
