import { DRAG_ANIMATION_MS } from '@candid/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Drawer } from 'vaul';
import classes from './bottom-sheet.module.css';

/** Sheets close first and act after this, so the closing is not cut short (spec §2, §9). */
export const SHEET_CLOSE_DELAY_MS = DRAG_ANIMATION_MS;

/**
 * A phone bottom sheet (spec §2 "Mobile"; DESIGN §3: vaul): slides up from the bottom, can be
 * dragged down by its handle (or anywhere on it) to close, and closes on the overlay or Escape.
 * `title` names the dialog for assistive technology and is shown at the top.
 */
export function BottomSheet({
  opened,
  onClose,
  title,
  children,
  testId,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  const { i18n } = useTranslation();
  return (
    <Drawer.Root
      open={opened}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      direction="bottom"
    >
      <Drawer.Portal>
        <Drawer.Overlay className={classes.overlay} />
        <Drawer.Content
          className={classes.content}
          dir={i18n.dir(i18n.language)}
          aria-describedby={undefined}
          data-testid={testId}
        >
          <div className={classes.handleArea}>
            <Drawer.Handle className={classes.handle} data-testid="sheet-handle" />
          </div>
          <Drawer.Title className={classes.title}>{title}</Drawer.Title>
          <div className={classes.body}>{children}</div>
        </Drawer.Content>
      </Drawer.Portal>
    </Drawer.Root>
  );
}
