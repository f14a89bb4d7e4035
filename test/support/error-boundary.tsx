// An error boundary for the React tests: what a component threw while rendering, shown as text the test reads.
import { Component } from 'react';
import type { ReactNode } from 'react';

/** Renders its children, or, once one of them threw, `<p data-testid="error">` holding `show(error)`. */
export class ErrorBoundary extends Component<{ children: ReactNode; show: (error: unknown) => string }, { error: unknown }> {
  override state = { error: undefined as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    return <p data-testid="error">{this.props.show(error)}</p>;
  }
}
