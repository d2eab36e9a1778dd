import { Menu, NavLink, Stack, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCheck } from '@tabler/icons-react';
import { cloneElement, type MouseEvent, type ReactElement, type ReactNode } from 'react';
import { BottomSheet, SHEET_CLOSE_DELAY_MS } from './bottom-sheet';
import { useIsPhone } from './media-queries';

export interface ResponsiveMenuItem {
  id: string;
  label: string;
  icon?: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  /** Why the item is disabled, or what it does: a tooltip on wide screens, a second line on phones. */
  hint?: string;
  color?: string;
  /** The current choice (answer type, time limit): marked with a check. */
  isSelected?: boolean;
}

/**
 * A menu that is a dropdown on wide screens and a bottom sheet on phones (vaul, drag down to close; "Mobile":
 * job actions, template menu, question menu, answer-type and time-limit menus).
 * `target` must be a button; it gets the click handler on phones.
 */
export function ResponsiveMenu({
  title,
  target,
  items,
  width = 240,
}: {
  /** The sheet's title on phones. */
  title: string;
  target: ReactElement<{ onClick?: (event: MouseEvent) => void }>;
  items: ResponsiveMenuItem[];
  width?: number;
}) {
  const isPhone = useIsPhone();
  const [isOpen, sheet] = useDisclosure(false);

  if (isPhone) {
    return (
      <>
        {cloneElement(target, {
          onClick: (event: MouseEvent) => {
            event.stopPropagation();
            sheet.open();
          },
        })}
        <BottomSheet opened={isOpen} onClose={sheet.close} title={title}>
          <Stack gap={2} role="menu" aria-label={title}>
            {items.map((item) => (
              <NavLink
                key={item.id}
                component="button"
                role="menuitem"
                disabled={item.disabled}
                c={item.color}
                label={item.label}
                description={item.hint}
                leftSection={item.icon}
                rightSection={item.isSelected ? <IconCheck size={18} aria-hidden /> : null}
                aria-checked={item.isSelected ? true : undefined}
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
                onClick={() => {
                  sheet.close();
                  setTimeout(item.onClick, SHEET_CLOSE_DELAY_MS);
                }}
              />
            ))}
          </Stack>
        </BottomSheet>
      </>
    );
  }

  return (
    <Menu position="bottom-end" shadow="md" width={width} withinPortal>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown onClick={(event) => event.stopPropagation()}>
        {items.map((item) => {
          const entry = (
            <Menu.Item
              key={item.id}
              disabled={item.disabled}
              color={item.color}
              leftSection={item.icon}
              rightSection={item.isSelected ? <IconCheck size={16} aria-hidden /> : null}
              onClick={item.onClick}
              aria-description={item.hint}
            >
              {item.label}
            </Menu.Item>
          );
          return item.hint ? (
            <Tooltip key={item.id} label={item.hint} position="left" withArrow multiline w={240}>
              <div>{entry}</div>
            </Tooltip>
          ) : (
            entry
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
