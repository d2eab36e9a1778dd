import { BREAKPOINTS, PRODUCT_NAME } from '@candid/domain';
import {
  Box,
  Burger,
  Button,
  Container,
  Drawer,
  Group,
  Menu,
  NavLink as MantineNavLink,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import {
  IconActivity,
  IconAlertTriangle,
  IconBriefcase,
  IconChartBar,
  IconChevronDown,
  IconShieldCog,
  IconTemplate,
  IconUsers,
  IconUsersGroup,
  IconPlugConnected,
  IconUserShield,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { APPLICANT_OVERVIEW_PATH } from '../../../common/routing/paths';
import { BrandMark } from '../../../common/ui/brand-mark';
import { PageLoader } from '../../../common/ui/page-loader';
import { useLogout, useSessionUser } from '../session/session-actions';
import { getNavItems, isNavItemActive, type NavItem, type NavItemId } from './nav-items';
import { UserMenu } from './user-menu';
import { ViewAsBanner } from './view-as-banner';

const NAV_ICONS: Record<NavItemId, typeof IconUsers> = {
  applicants: IconUsers,
  jobs: IconBriefcase,
  insights: IconChartBar,
  templates: IconTemplate,
  team: IconUsersGroup,
  integrations: IconPlugConnected,
  accounts: IconUserShield,
  records: IconAlertTriangle,
  activity: IconActivity,
};

function NavIcon({ id, size = 18 }: { id: NavItemId; size?: number }) {
  const Icon = NAV_ICONS[id];
  return <Icon size={size} aria-hidden />;
}

/**
 * Below this width the header's links show their icons only (their names in a tooltip): a
 * medium screen, or a large one when the admin menu is there too.
 */
const roomyHeaderQuery = (hasAdminMenu: boolean) =>
  `(min-width: ${hasAdminMenu ? BREAKPOINTS.lg : BREAKPOINTS.md}px)`;

/**
 * Wide screens: the main links in the header, admin pages under one "Admin" menu. Between the
 * phone layout and a medium screen (a large one for admins) six links with their names do not
 * fit beside the user menu, so there each is its icon, named by its aria-label and a tooltip.
 */
function DesktopNav({ items, pathname }: { items: NavItem[]; pathname: string }) {
  const { t } = useTranslation();
  const mainItems = items.filter((item) => !item.isAdmin);
  const adminItems = items.filter((item) => item.isAdmin);
  const isRoomy = useMediaQuery(roomyHeaderQuery(adminItems.length > 0), true, {
    getInitialValueInEffect: false,
  });
  const isAdminActive = adminItems.some((item) => isNavItemActive(item, pathname));
  return (
    <Group component="nav" aria-label={t('shell.mainNav')} gap={4} visibleFrom="sm" wrap="nowrap">
      {mainItems.map((item) => {
        const isActive = isNavItemActive(item, pathname);
        const label = t(item.labelKey);
        return (
          <Tooltip key={item.id} label={label} disabled={isRoomy} withArrow>
            <Button
              component={Link}
              to={item.path}
              variant={isActive ? 'light' : 'subtle'}
              color={isActive ? 'indigo' : 'gray'}
              c={isActive ? undefined : 'gray.8'}
              leftSection={isRoomy ? <NavIcon id={item.id} /> : undefined}
              px={isRoomy ? undefined : 'xs'}
              aria-label={isRoomy ? undefined : label}
              aria-current={isActive ? 'page' : undefined}
            >
              {isRoomy ? label : <NavIcon id={item.id} />}
            </Button>
          </Tooltip>
        );
      })}
      {adminItems.length > 0 ? (
        <Menu position="bottom-start" shadow="md" width={220}>
          <Menu.Target>
            <Button
              variant={isAdminActive ? 'light' : 'subtle'}
              color={isAdminActive ? 'indigo' : 'gray'}
              c={isAdminActive ? undefined : 'gray.8'}
              leftSection={<IconShieldCog size={18} aria-hidden />}
              rightSection={<IconChevronDown size={14} aria-hidden />}
            >
              {t('shell.nav.admin')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {adminItems.map((item) => (
              <Menu.Item
                key={item.id}
                component={Link}
                to={item.path}
                leftSection={<NavIcon id={item.id} />}
                aria-current={isNavItemActive(item, pathname) ? 'page' : undefined}
              >
                {t(item.labelKey)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      ) : null}
    </Group>
  );
}

/** Phones: every link in a drawer opened by the burger, admin pages in their own section. */
function MobileNav({
  items,
  pathname,
  opened,
  onClose,
}: {
  items: NavItem[];
  pathname: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const renderLink = (item: NavItem) => (
    <MantineNavLink
      key={item.id}
      component={Link}
      to={item.path}
      onClick={onClose}
      label={t(item.labelKey)}
      leftSection={<NavIcon id={item.id} size={20} />}
      active={isNavItemActive(item, pathname)}
      aria-current={isNavItemActive(item, pathname) ? 'page' : undefined}
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    />
  );
  const adminItems = items.filter((item) => item.isAdmin);
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="left"
      size={300}
      title={
        <Group gap={10}>
          <BrandMark />
          <Text component="span" fw={800} fz="lg">
            {PRODUCT_NAME}
          </Text>
        </Group>
      }
      closeButtonProps={{ 'aria-label': t('shell.closeNav') }}
    >
      <Stack component="nav" aria-label={t('shell.mainNav')} gap={2}>
        {items.filter((item) => !item.isAdmin).map(renderLink)}
        {adminItems.length > 0 ? (
          <>
            <Text fz="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="md" pb={4}>
              {t('shell.nav.admin')}
            </Text>
            {adminItems.map(renderLink)}
          </>
        ) : null}
      </Stack>
    </Drawer>
  );
}

/**
 * The back-office shell: a header with the product name, the navigation the user may
 * see (nav-items.ts) and the user menu; on phones (below 760 px) the navigation moves into a
 * burger drawer and the user menu into a bottom sheet. Back-office screens render inside it.
 */
export function BackofficeLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const { pathname } = useLocation();
  const logout = useLogout();
  const [isNavOpen, nav] = useDisclosure(false);

  // Between logout and the login page there is no user: nothing of the shell to show.
  if (!user) return <PageLoader />;
  const items = getNavItems(user);

  return (
    <Box mih="100dvh" bg="gray.0">
      <Box
        component="header"
        bg="white"
        pos="sticky"
        top={0}
        style={{ zIndex: 100, borderBlockEnd: '1px solid var(--mantine-color-gray-2)' }}
      >
        <ViewAsBanner />
        <Container size="xl" px={{ base: 'sm', sm: 'lg' }}>
          <Group h={64} justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="md" wrap="nowrap" miw={0}>
              <Burger
                opened={isNavOpen}
                onClick={nav.toggle}
                hiddenFrom="sm"
                size="sm"
                aria-label={t('shell.openNav')}
              />
              <UnstyledButton
                component={Link}
                to={APPLICANT_OVERVIEW_PATH}
                aria-label={t('shell.home', { product: PRODUCT_NAME })}
              >
                <Group gap={10} wrap="nowrap">
                  <BrandMark />
                  <Text component="span" fw={800} fz="xl" lts={-0.3}>
                    {PRODUCT_NAME}
                  </Text>
                </Group>
              </UnstyledButton>
              <DesktopNav items={items} pathname={pathname} />
            </Group>
            <UserMenu user={user} onLogout={() => void logout()} />
          </Group>
        </Container>
      </Box>
      <MobileNav items={items} pathname={pathname} opened={isNavOpen} onClose={nav.close} />
      <Box component="main">
        <Container size="xl" px={{ base: 'sm', sm: 'lg' }} py={{ base: 'md', sm: 'xl' }}>
          {children}
        </Container>
      </Box>
    </Box>
  );
}
