// Up/down buttons that reorder a list (banners, delivery regions, sibling categories). Real buttons, so
// Tab and Enter/Space reach them; the arrows are named for screen readers with the item's name.
import { useTranslation } from 'react-i18next';
import { Button } from '@bozor/shared';

export interface MoveButtonsProps {
  /** The item's name in the staff member's language, for the buttons' labels. */
  name: string;
  /**
   * Its place among the items it moves between, and how many there are: at an end a button does nothing.
   * aria-disabled, not disabled: the item just moved to the top keeps the focus on its ↑ (a disabled button
   * drops it to the page's top); the shared Button ignores its presses.
   */
  index: number;
  count: number;
  onMove: (by: -1 | 1) => void;
  variant?: 'secondary' | 'ghost';
}

export function MoveButtons({ name, index, count, onMove, variant = 'secondary' }: MoveButtonsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Button variant={variant} className="adm-end" aria-disabled={index <= 0 || undefined} onClick={() => onMove(-1)} aria-label={t('content.moveUpOf', { name })}>
        ↑
      </Button>
      <Button variant={variant} className="adm-end" aria-disabled={index >= count - 1 || undefined} onClick={() => onMove(1)} aria-label={t('content.moveDownOf', { name })}>
        ↓
      </Button>
    </>
  );
}
