import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ServerErrorPage } from '@bozor/shared';
import { i18n } from './i18n';
import { reportClientError } from './report';

/** Last line of defence: any error outside a remote slot shows "Internal Server Error" (docs/product.md "Error pages and failures"). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    reportClientError('app-render', error, { stack: info.componentStack?.slice(0, 500) });
  }

  override render() {
    return this.state.failed ? <ServerErrorPage i18n={i18n} /> : this.props.children;
  }
}
