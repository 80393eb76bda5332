// The frame of an account section that lists what the API answers (My cards, back-in-stock alerts): its
// heading, loading line, error with "Try again", the list, and a status line that says what was just done;
// and where the focus goes after an action took away the pressed button.
import { type ReactNode, type Ref, type RefObject, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@bozor/shared';

/**
 * The section's refs and `focusNext(target)`: after the next render the focus goes to the element with
 * `data-testid={target}` in the section, or to its heading (`'heading'`).
 */
export function useSectionFocus() {
  const section = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const next = useRef<string | null>(null);
  useEffect(() => {
    const target = next.current;
    if (!target) return;
    next.current = null;
    (target === 'heading' ? heading.current : section.current?.querySelector<HTMLElement>(`[data-testid="${target}"]`))?.focus();
  });
  return {
    section,
    heading,
    focusNext: (target: string) => {
      next.current = target;
    },
  };
}

export function ListSection(props: {
  focus: { section: RefObject<HTMLElement | null>; heading: RefObject<HTMLHeadingElement | null> };
  title: string;
  /** A line under the heading. */
  hint?: string;
  testId: string;
  loading: boolean;
  failed: boolean;
  reload: () => void;
  /** What was just done ("Card … removed"), announced; and the test id of its line. */
  notice: string;
  noticeTestId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { section, heading } = props.focus;
  return (
    <section ref={section} className="acc-card" aria-labelledby={`${id}-h`} data-testid={props.testId}>
      <h2 ref={heading} id={`${id}-h`} tabIndex={-1}>
        {props.title}
      </h2>
      {props.hint ? <p className="acc-muted">{props.hint}</p> : null}
      {props.loading ? <p role="status">{t('loading')}</p> : null}
      {props.failed ? (
        // the button goes away while the list loads: the section's heading keeps the focus meanwhile
        <LoadFailed
          onRetry={() => {
            heading.current?.focus();
            props.reload();
          }}
        />
      ) : null}
      {props.children}
      <p role="status" className="acc-muted" data-testid={props.noticeTestId}>
        {props.notice}
      </p>
    </section>
  );
}

/**
 * "Could not load the data" with "Try again" (`onRetry`). `focusable`: it can take the focus itself (its
 * `innerRef`), where a failed retry puts it back.
 */
export function LoadFailed({ onRetry, innerRef, focusable = false }: { onRetry: () => void; innerRef?: Ref<HTMLDivElement>; focusable?: boolean }) {
  const { t } = useTranslation();
  return (
    <div ref={innerRef} role="alert" tabIndex={focusable ? -1 : undefined} className="bz-error-block">
      <p>{t('loadFailed')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}
