import {
  getStatusButtonKey,
  statusLabelKey,
  STATUS_GROUPS,
  type ApplicantStatusCode,
} from '@candid/domain';
import { Button, Menu, NavLink, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCheck, IconChevronDown } from '@tabler/icons-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { BottomSheet, SHEET_CLOSE_DELAY_MS } from '../../../../common/ui/bottom-sheet';
import { useIsPhone } from '../../../../common/ui/media-queries';
import { getStatusColor, type StatusApplicant } from '../../common/status-label';

/**
 * The status dropdown: the evaluation group (0–4, the last labelled "proceed") and
 * the recruitment group (5–7), the current status checked. The button reads the status label
 * once submitted, "Incomplete interview" after a quit, else "In progress"; it is disabled until
 * the interview is submitted and for an archived applicant. On phones the choices open in a
 * bottom sheet ("Mobile").
 */
export function StatusMenu({
  applicant,
  isDisabled,
  onChange,
}: {
  applicant: StatusApplicant & { status: ApplicantStatusCode };
  isDisabled: boolean;
  onChange: (status: ApplicantStatusCode) => void;
}) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const [isSheetOpen, sheet] = useDisclosure(false);
  const label = t(getStatusButtonKey(applicant));
  const title = t('applicantDetails.status.title');

  const button = (
    <Button
      variant="light"
      color={getStatusColor(applicant)}
      disabled={isDisabled}
      rightSection={<IconChevronDown size={16} aria-hidden />}
      aria-label={t('applicantDetails.status.button', { status: label })}
      data-testid="status-button"
      onClick={isPhone ? sheet.open : undefined}
      // On a phone the button has a row of its own (beside the CV and menu buttons "Need
      // evaluation" was cut short at 360 px); from the small breakpoint up it is at least 160 px.
      miw={{ base: 0, sm: 160 }}
      style={{ flex: isPhone ? '1 1 100%' : '1 1 auto' }}
      styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
      justify="space-between"
    >
      {label}
    </Button>
  );

  if (isPhone) {
    return (
      <>
        {button}
        <BottomSheet opened={isSheetOpen} onClose={sheet.close} title={title}>
          <Stack gap={2} role="menu" aria-label={title}>
            {STATUS_GROUPS.map((group) => (
              <Fragment key={group.key}>
                <Text fz="xs" fw={700} c="gray.7" tt="uppercase" px="sm" pt="sm" pb={4}>
                  {t(group.labelKey)}
                </Text>
                {group.codes.map((code) => {
                  const isSelected = applicant.status === code;
                  return (
                    <NavLink
                      key={code}
                      component="button"
                      role="menuitem"
                      aria-current={isSelected ? 'true' : undefined}
                      label={t(statusLabelKey(code))}
                      rightSection={isSelected ? <IconCheck size={18} aria-hidden /> : null}
                      style={{ borderRadius: 'var(--mantine-radius-md)' }}
                      onClick={() => {
                        sheet.close();
                        setTimeout(() => onChange(code), SHEET_CLOSE_DELAY_MS);
                      }}
                    />
                  );
                })}
              </Fragment>
            ))}
          </Stack>
        </BottomSheet>
      </>
    );
  }

  return (
    <Menu position="bottom-end" shadow="md" width={220} withinPortal disabled={isDisabled}>
      <Menu.Target>{button}</Menu.Target>
      <Menu.Dropdown aria-label={title}>
        {STATUS_GROUPS.map((group, index) => (
          <Fragment key={group.key}>
            {index > 0 ? <Menu.Divider /> : null}
            <Menu.Label>{t(group.labelKey)}</Menu.Label>
            {group.codes.map((code) => {
              const isSelected = applicant.status === code;
              return (
                <Menu.Item
                  key={code}
                  aria-current={isSelected ? 'true' : undefined}
                  rightSection={isSelected ? <IconCheck size={16} aria-hidden /> : null}
                  onClick={() => onChange(code)}
                >
                  {t(statusLabelKey(code))}
                </Menu.Item>
              );
            })}
          </Fragment>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
