import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import type { Texts } from '../i18n/catalogue.js';
import { describeError } from '../services/account.js';
import { ActionButton } from './action-button.js';

export interface PageBoundaryProps {
  /** The page's title, named in the message. */
  title: string;
  /** Leaves the failed page for one that works. */
  onLeave: () => void;
  /** The label of the leave button (where it goes). */
  leaveLabel: string;
  /** The boundary's own texts, in the interface language (a class component cannot read them through a hook). */
  texts: Texts['pageBoundary'];
  children: ReactNode;
}

/**
 * Catches a render error inside one page, so the rest of the shell (nav, status bar, the way out of
 * simulation trading) stays usable: it says which page failed and with what error, and offers a retry
 * and a way to another page. Keyed by path in the shell, so navigating away starts it fresh.
 */
export class PageBoundary extends Component<PageBoundaryProps, { error: unknown; failed: boolean }> {
  override state = { error: undefined as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // The error stays visible in the console for whoever debugs the example.
    console.warn(`the ${this.props.title} page failed`, error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const t = this.props.texts;
    return (
      <section className="card page-error" role="alert" data-testid="page-error">
        <h2>{t.heading}</h2>
        <p>{t.explanation(this.props.title)}</p>
        <pre className="json" dir="ltr" data-testid="page-error-detail">
          {describeError(this.state.error)}
        </pre>
        <div className="buttons">
          <ActionButton data-testid="page-error-retry" action={() => this.setState({ error: undefined, failed: false })}>
            {t.retry}
          </ActionButton>
          <ActionButton data-testid="page-error-leave" action={() => this.props.onLeave()}>
            {this.props.leaveLabel}
          </ActionButton>
        </div>
      </section>
    );
  }
}
