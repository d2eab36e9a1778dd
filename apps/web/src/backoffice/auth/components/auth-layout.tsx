import { Box, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PublicLayout } from '../../../common/ui/public-layout';

/**
 * The frame of the public account screens (login, signup, forgot password, verify email): the
 * public header, then one card with an optional icon, the title and a short lead, and below it
 * an optional footer line (e.g. "New to Candid? Create an account").
 */
export function AuthLayout({
  title,
  lead,
  icon,
  aside,
  footer,
  children,
}: {
  title: ReactNode;
  lead?: ReactNode;
  icon?: ReactNode;
  /** Shown above the card (e.g. the signup promise). */
  aside?: ReactNode;
  footer?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <PublicLayout>
      <Box px={{ base: 'sm', xs: 'md' }} py={{ base: 'lg', sm: 56 }}>
        <Stack gap="lg" maw={452} mx="auto">
          {aside}
          <Paper withBorder radius="lg" shadow="xs" p={{ base: 'lg', sm: 36 }}>
            <Stack gap="lg">
              <Stack gap={6}>
                {icon ? (
                  <ThemeIcon size={48} radius="xl" variant="light" mb="xs" aria-hidden>
                    {icon}
                  </ThemeIcon>
                ) : null}
                <Title order={1} fz={{ base: 24, sm: 28 }} lh={1.25}>
                  {title}
                </Title>
                {lead ? (
                  <Text c="gray.7" fz="md">
                    {lead}
                  </Text>
                ) : null}
              </Stack>
              {children}
            </Stack>
          </Paper>
          {footer ? (
            <Text ta="center" fz="sm" c="gray.7">
              {footer}
            </Text>
          ) : null}
        </Stack>
      </Box>
    </PublicLayout>
  );
}
