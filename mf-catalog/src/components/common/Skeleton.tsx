/** A grey placeholder block shown while data loads (keeps the layout from jumping). */
export function Skeleton({ height, width = '100%' }: { height: number; width?: number | string }) {
  return <div className="bzc-skeleton" style={{ height, width }} aria-hidden="true" />;
}
