import { BREAKPOINTS, LANGUAGES, type Language, type User } from '@candid/domain';
import {
  Box,
  Divider,
  em,
  Group,
  Menu,
  NavLink as MantineNavLink,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import {
  IconCheck,
  IconChevronDown,
  IconLanguage,
  IconLogout,
  IconPalette,
  IconPlugConnected,
  IconShieldLock,
  IconUserCircle,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  BRAND_PATH,
  INTEGRATIONS_PATH,
  RETENTION_PATH,
  TEAM_PATH,
  USER_PATH,
} from '../../../common/routing/paths';
import { useLanguageStore } from '../../../common/stores/language-store';
import { BottomSheet } from '../../../common/ui/bottom-sheet';
import { UserAvatar } from '../ui/user-avatar';
import mirrorClasses from '../../../common/ui/mirror-in-rtl.module.css';

/** Below the small breakpoint menus become bottom sheets ("Mobile"). */
export const PHONE_MEDIA_QUERY = `(max-width: ${em(BREAKPOINTS.sm - 0.02)})`;

function fullName(user: User): string {
  return `${user.fName} ${user.lName}`.trim();
}

function UserSummary({ user }: { user: User }) {
  return (
    <Group gap="sm" wrap="nowrap" px="xs" py={6}>
      <UserAvatar user={user} size={40} />
      <Box miw={0}>
        <Text fw={600} truncate>
          {fullName(user)}
        </Text>
        <Text fz="sm" c="gray.7" truncate dir="ltr" ta="start">
          {user.email}
        </Text>
      </Box>
    </Group>
  );
}

/**
 * The user menu of the back-office header: profile, team (organisations: the
 * screen itself says which plan it needs), the owner's integrations (API keys and webhooks,
 *) and data retention, language and logout. On wide
 * screens a dropdown; on phones a bottom sheet with the same entries.
 */
export function UserMenu({ user, onLogout }: { user: User; onLogout: () => void }) {
  const { t } = useTranslation();
  const language = useLanguageStore((state) => state.language);
  const setLanguage = useLanguageStore((state) => state.setLanguage);
  const isPhone = useMediaQuery(PHONE_MEDIA_QUERY, false, { getInitialValueInEffect: false });
  const [isSheetOpen, sheet] = useDisclosure(false);
  const label = t('shell.userMenu', { name: fullName(user) });
  // API keys and webhooks are the owner's (the screen says which plan they need).
  const isOwner = user.orgRole === 'owner';

  // The name comes from the content, not an aria-label: a hidden copy of the full label, the
  // visible name and the initials kept out of it. An aria-label would not contain the initials
  // (visible text), which fails "label in name" (WCAG 2.5.3, axe label-content-name-mismatch).
  const trigger = (
    <UnstyledButton onClick={isPhone ? sheet.open : undefined} style={{ borderRadius: 999 }} p={4}>
      <Group gap={8} wrap="nowrap">
        <VisuallyHidden>{label}</VisuallyHidden>
        <span aria-hidden style={{ display: 'contents' }}>
          <UserAvatar user={user} size={34} />
          <Text fw={600} fz="sm" visibleFrom="md" maw={160} truncate>
            {fullName(user)}
          </Text>
        </span>
        <IconChevronDown size={16} aria-hidden />
      </Group>
    </UnstyledButton>
  );

  if (isPhone) {
    const chooseLanguage = (option: Language) => {
      setLanguage(option);
      sheet.close();
    };
    return (
      <>
        {trigger}
        <BottomSheet opened={isSheetOpen} onClose={sheet.close} title={t('shell.account')}>
          <Stack gap={4}>
            <UserSummary user={user} />
            <Divider my={6} />
            <MantineNavLink
              component={Link}
              to={USER_PATH}
              onClick={sheet.close}
              label={t('shell.profile')}
              leftSection={<IconUserCircle size={20} aria-hidden />}
            />
            <MantineNavLink
              component={Link}
              to={TEAM_PATH}
              onClick={sheet.close}
              label={t('shell.team')}
              leftSection={<IconUsersGroup size={20} aria-hidden />}
            />
            {isOwner ? (
              <MantineNavLink
                component={Link}
                to={INTEGRATIONS_PATH}
                onClick={sheet.close}
                label={t('shell.integrations')}
                leftSection={<IconPlugConnected size={20} aria-hidden />}
              />
            ) : null}
            {isOwner ? (
              <MantineNavLink
                component={Link}
                to={RETENTION_PATH}
                onClick={sheet.close}
                label={t('shell.retention')}
                leftSection={<IconShieldLock size={20} aria-hidden />}
              />
            ) : null}
            <MantineNavLink
              component={Link}
              to={BRAND_PATH}
              onClick={sheet.close}
              label={t('shell.brand')}
              leftSection={<IconPalette size={20} aria-hidden />}
            />
            <Text fz="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="sm">
              {t('shell.language')}
            </Text>
            {LANGUAGES.map((option) => (
              <MantineNavLink
                key={option}
                component="button"
                lang={option}
                label={t(`languages.${option}`)}
                leftSection={<IconLanguage size={20} aria-hidden />}
                rightSection={option === language ? <IconCheck size={18} aria-hidden /> : null}
                aria-current={option === language ? 'true' : undefined}
                onClick={() => chooseLanguage(option)}
              />
            ))}
            <Divider my={6} />
            <MantineNavLink
              component="button"
              c="red.8"
              label={t('shell.logout')}
              leftSection={<IconLogout size={20} className={mirrorClasses.mirror} aria-hidden />}
              onClick={() => {
                sheet.close();
                onLogout();
              }}
            />
          </Stack>
        </BottomSheet>
      </>
    );
  }

  return (
    <Menu position="bottom-end" shadow="md" width={260} withinPortal>
      <Menu.Target>{trigger}</Menu.Target>
      <Menu.Dropdown>
        <UserSummary user={user} />
        <Menu.Divider />
        <Menu.Item
          component={Link}
          to={USER_PATH}
          leftSection={<IconUserCircle size={18} aria-hidden />}
        >
          {t('shell.profile')}
        </Menu.Item>
        <Menu.Item
          component={Link}
          to={TEAM_PATH}
          leftSection={<IconUsersGroup size={18} aria-hidden />}
        >
          {t('shell.team')}
        </Menu.Item>
        {isOwner ? (
          <Menu.Item
            component={Link}
            to={INTEGRATIONS_PATH}
            leftSection={<IconPlugConnected size={18} aria-hidden />}
          >
            {t('shell.integrations')}
          </Menu.Item>
        ) : null}
        {isOwner ? (
          <Menu.Item
            component={Link}
            to={RETENTION_PATH}
            leftSection={<IconShieldLock size={18} aria-hidden />}
          >
            {t('shell.retention')}
          </Menu.Item>
        ) : null}
        <Menu.Item
          component={Link}
          to={BRAND_PATH}
          leftSection={<IconPalette size={18} aria-hidden />}
        >
          {t('shell.brand')}
        </Menu.Item>
        <Menu.Label>{t('shell.language')}</Menu.Label>
        {LANGUAGES.map((option) => (
          <Menu.Item
            key={option}
            lang={option}
            leftSection={<IconLanguage size={18} aria-hidden />}
            rightSection={option === language ? <IconCheck size={16} aria-hidden /> : null}
            aria-current={option === language ? 'true' : undefined}
            onClick={() => setLanguage(option)}
          >
            {t(`languages.${option}`)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={18} className={mirrorClasses.mirror} aria-hidden />}
          onClick={onLogout}
        >
          {t('shell.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
