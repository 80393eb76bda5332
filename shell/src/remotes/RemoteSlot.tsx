// Where a remote's module renders. Loading and failure are designed: a spinner-free loading line, and
// on failure a translated error block with a retry button in the remote's place — the rest of the page
// keeps working. A retry makes a new lazy component, since React caches a rejected lazy().
import { Component, Suspense, lazy, memo, useContext, useEffect, useRef, useState, type ComponentType, type ErrorInfo, type LazyExoticComponent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { RemoteName } from '@bozor/shared';
import { IncompatibleRemoteError, loadExposed, refreshRemote } from './runtime';
import { ServerRemotes } from './serverRemotes';
import { slotWaiting } from './readiness';
import { reportClientError } from '../report';
import { i18n } from '../i18n';

type Loader = <P>(remote: RemoteName, expose: string) => Promise<ComponentType<P>>;

const lazies = new Map<string, LazyExoticComponent<ComponentType<object>>>();

/** One lazy component per (remote, module, attempt): a retry gets a fresh one. */
function lazyFor(remote: RemoteName, expose: string, attempt: number, loader: Loader) {
  const key = `${remote}/${expose}#${attempt}`;
  let found = lazies.get(key);
  if (!found) {
    found = lazy(async () => ({ default: await loader<object>(remote, expose) }));
    lazies.set(key, found);
  }
  return found;
}

export interface RemoteSlotProps<P extends object> {
  remote: RemoteName;
  /** Exposed module without "./", e.g. "Routes", "CartBadge". */
  expose: string;
  props: P;
  /** Widgets (badge, search box) get a one-line error block instead of a panel. */
  compact?: boolean;
  /** For tests: how a module is loaded (default: Module Federation). */
  loader?: Loader;
}

/** The same slot with props of the same values (a parent writes `props={{ basePath }}` anew on each render). */
function sameSlot<P extends object>(a: RemoteSlotProps<P>, b: RemoteSlotProps<P>): boolean {
  if (a.remote !== b.remote || a.expose !== b.expose || a.compact !== b.compact || a.loader !== b.loader) return false;
  const keys = Object.keys(a.props) as Array<keyof P>;
  return keys.length === Object.keys(b.props).length && keys.every((k) => Object.is(a.props[k], b.props[k]));
}

/**
 * A slot re-renders only when what it shows changes. Besides saving work, this keeps a parent's update
 * (the header turning to the signed-in shopper's after hydration) from reaching a remote's part that is
 * still dehydrated, waiting for its code: React would hold that update back until the code arrived.
 */
export const RemoteSlot = memo(RemoteSlotView, sameSlot) as typeof RemoteSlotView;

function RemoteSlotView<P extends object>({ remote, expose, props, compact = false, loader = loadExposed }: RemoteSlotProps<P>) {
  const [attempt, setAttempt] = useState(0);
  const server = useContext(ServerRemotes);
  // on the server: the module the shell server loaded, or one that never arrives (the browser renders
  // that slot itself); in the browser: Module Federation, through a lazy component
  const Loaded = (server ? (server[`${remote}/${expose}`] ?? ClientOnly) : lazyFor(remote, expose, attempt, loader)) as unknown as ComponentType<P>;
  const retry = async () => {
    await refreshRemote(remote);
    setAttempt((a) => a + 1);
  };
  // the page counts as ready once this slot's module has mounted (or failed into its error block)
  // (a module already loaded mounts in the same commit, and children's effects run first)
  const slot = useRef<{ arrived: boolean; done: (() => void) | null }>({ arrived: false, done: null });
  const arrive = () => {
    slot.current.arrived = true;
    slot.current.done?.();
  };
  useEffect(() => {
    if (slot.current.arrived) return;
    const done = slotWaiting();
    slot.current.done = done;
    return done;
  }, []);
  return (
    <RemoteErrorBoundary key={attempt} remote={remote} expose={expose} compact={compact} onRetry={retry} onError={arrive}>
      <Suspense fallback={<RemoteLoading compact={compact} />}>
        <Loaded {...props} />
        <Arrived onArrive={arrive} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

/** Rendered after the module inside the same boundary: its effect runs once the module has mounted. */
function Arrived({ onArrive }: { onArrive: () => void }) {
  useEffect(() => onArrive(), [onArrive]);
  return null;
}

const never = new Promise<never>(() => undefined);

/** Suspends for good: the server sends the slot's loading line and leaves the slot to the browser. */
function ClientOnly(): never {
  throw never;
}

function RemoteLoading({ compact }: { compact: boolean }) {
  const { t } = useTranslation('common', { i18n });
  return compact ? <span aria-busy="true" /> : <p aria-busy="true" style={{ margin: 0, padding: 16, color: 'var(--bz-muted)' }}>{t('loading')}</p>;
}

interface BoundaryProps {
  remote: RemoteName;
  expose: string;
  compact: boolean;
  onRetry: () => Promise<void>;
  onError: () => void;
  children: ReactNode;
}

class RemoteErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    this.props.onError();
    reportClientError('remote-render', error, { remote: this.props.remote, expose: this.props.expose, stack: info.componentStack?.slice(0, 500) });
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <RemoteErrorBlock
        remote={this.props.remote}
        compact={this.props.compact}
        incompatible={error instanceof IncompatibleRemoteError}
        onRetry={() => void this.props.onRetry()}
      />
    );
  }
}

/** The translated error block that stands in for a remote that failed. */
function RemoteErrorBlock({ remote, compact, incompatible, onRetry }: { remote: string; compact: boolean; incompatible: boolean; onRetry: () => void }) {
  const { t } = useTranslation('common', { i18n });
  const message = incompatible ? t('remote.incompatible') : t('remote.failed');
  return (
    <div role="alert" data-testid={`remote-error-${remote}`} className={compact ? undefined : 'bz-error-block'} style={compact ? { display: 'inline-flex', gap: 4, alignItems: 'center' } : undefined}>
      {compact ? <span title={message}>⚠</span> : <p style={{ marginTop: 0 }}>{message}</p>}
      <button type="button" className={compact ? 'bz-btn bz-btn--ghost' : 'bz-btn'} onClick={onRetry} aria-label={compact ? `${t('remote.retry')}: ${message}` : undefined}>
        {compact ? '↻' : t('remote.retry')}
      </button>
    </div>
  );
}
