// Up/down buttons that reorder a list (banners, delivery regions, sibling categories). Real buttons, so
// Tab and Enter/Space reach them; the arrows are named for screen readers with the item's name.
import { useTranslation } from 'react-i18next';
import { Button } from '@bozor/shared';

export interface MoveButtonsProps {
  /** The item's name in the staff member's language, for the buttons' labels. */
  name: string;
  /** Its place among the items it moves between, and how many there are: the ends disable a button. */
  index: number;
  count: number;
  onMove: (by: -1 | 1) => void;
  variant?: 'secondary' | 'ghost';
}

export function MoveButtons({ name, index, count, onMove, variant = 'secondary' }: MoveButtonsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Button variant={variant} disabled={index <= 0} onClick={() => onMove(-1)} aria-label={t('content.moveUpOf', { name })}>
        ↑
      </Button>
      <Button variant={variant} disabled={index === count - 1} onClick={() => onMove(1)} aria-label={t('content.moveDownOf', { name })}>
        ↓
      </Button>
    </>
  );
}
