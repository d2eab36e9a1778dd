import type { Template } from '@candid/domain';
import { ActionIcon } from '@mantine/core';
import {
  IconArchive,
  IconArchiveOff,
  IconDots,
  IconEye,
  IconPencil,
  IconStar,
  IconStarOff,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ResponsiveMenu, type ResponsiveMenuItem } from '../../../common/ui/responsive-menu';

export interface TemplateMenuHandlers {
  onView?: (template: Template) => void;
  onEdit: (template: Template) => void;
  onToggleDefault: (template: Template) => void;
  onToggleArchive: (template: Template) => void;
}

/** The template menu: view, edit, toggle default and archive; restore when archived. */
export function TemplateMenu({
  template,
  handlers,
}: {
  template: Template;
  handlers: TemplateMenuHandlers;
}) {
  const { t } = useTranslation();
  const items: ResponsiveMenuItem[] = [];
  if (template.archivedAt) {
    items.push({
      id: 'restore',
      label: t('templates.actions.restore'),
      icon: <IconArchiveOff size={18} aria-hidden />,
      onClick: () => handlers.onToggleArchive(template),
    });
  } else {
    if (handlers.onView) {
      const onView = handlers.onView;
      items.push({
        id: 'view',
        label: t('templates.actions.view'),
        icon: <IconEye size={18} aria-hidden />,
        onClick: () => onView(template),
      });
    }
    items.push(
      {
        id: 'edit',
        label: t('templates.actions.edit'),
        icon: <IconPencil size={18} aria-hidden />,
        onClick: () => handlers.onEdit(template),
      },
      {
        id: 'default',
        label: template.isDefault
          ? t('templates.actions.unsetDefault')
          : t('templates.actions.setDefault'),
        icon: template.isDefault ? (
          <IconStarOff size={18} aria-hidden />
        ) : (
          <IconStar size={18} aria-hidden />
        ),
        onClick: () => handlers.onToggleDefault(template),
      },
      {
        id: 'archive',
        label: t('templates.actions.archive'),
        icon: <IconArchive size={18} aria-hidden />,
        onClick: () => handlers.onToggleArchive(template),
      },
    );
  }
  return (
    <ResponsiveMenu
      title={template.title}
      items={items}
      target={
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t('templates.actions.label', { title: template.title })}
        >
          <IconDots size={20} aria-hidden />
        </ActionIcon>
      }
    />
  );
}
