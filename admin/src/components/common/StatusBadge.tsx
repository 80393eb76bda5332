import type { OrderStatus } from '../../api/types';

/** An order's status as a coloured label (the API's label, in the staff member's language). */
export function StatusBadge({ status, label }: { status: OrderStatus; label: string }) {
  return <span className={`adm-status adm-status--${status}`}>{label}</span>;
}
