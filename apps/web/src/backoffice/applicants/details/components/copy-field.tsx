import { Group, Text, Tooltip, UnstyledButton, type TextProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { copyToClipboard } from '../../../../common/ui/copy-to-clipboard';

/**
 * A header value the recruiter copies with one click (name, job title, email, phone
 * and hometown are click-to-copy); the copy shows the "Copied to clipboard" alert. `dir`
 * keeps emails and phone numbers left-to-right inside Hebrew text.
 */
export function CopyField({
  value,
  icon,
  dir,
  children,
  textProps,
}: {
  value: string;
  icon?: ReactNode;
  dir?: 'ltr' | 'auto';
  children?: ReactNode;
  textProps?: TextProps;
}) {
  const { t } = useTranslation();
  return (
    <Tooltip label={t('applicantDetails.header.copy')} openDelay={400} withArrow>
      <UnstyledButton
        onClick={() => void copyToClipboard(value)}
        aria-label={t('applicantDetails.header.copyValue', { value })}
        maw="100%"
        style={{ borderRadius: 'var(--mantine-radius-sm)' }}
      >
        <Group gap={6} wrap="nowrap" miw={0}>
          {icon}
          {children ?? (
            <Text fz="sm" c="gray.8" truncate dir={dir} {...textProps}>
              <bdi>{value}</bdi>
            </Text>
          )}
        </Group>
      </UnstyledButton>
    </Tooltip>
  );
}
