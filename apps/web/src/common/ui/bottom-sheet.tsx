import { DRAG_ANIMATION_MS } from '@candid/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Drawer } from 'vaul';
import classes from './bottom-sheet.module.css';
import { useGesture } from './gestures';

/** Sheets close first and act after this, so the closing is not cut short. */
export const SHEET_CLOSE_DELAY_MS = DRAG_ANIMATION_MS;

/**
 * A phone bottom sheet (vaul): slides up from the bottom, can be
 * dragged down by its handle (or anywhere on it) to close, and closes on the overlay or Escape.
 * A quick swipe down on its top (handle and title) closes it too, at the app's swipe distance
 * (gestures.ts), however short the drag vaul would need.
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
  const swipe = useGesture((gesture) => {
    if (gesture.kind === 'swipe' && gesture.direction === 'down') onClose();
  });
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
          <div {...swipe} data-testid="sheet-top">
            <div className={classes.handleArea}>
              <Drawer.Handle className={classes.handle} data-testid="sheet-handle" />
            </div>
            <Drawer.Title className={classes.title}>{title}</Drawer.Title>
          </div>
          <div className={classes.body}>{children}</div>
        </Drawer.Content>
      </Drawer.Portal>
    </Drawer.Root>
  );
}
