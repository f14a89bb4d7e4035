import { useState } from 'react';
import { InvalidArgumentError } from 'exkit';
import { ActionButton } from './action-button.js';

/** Renders nothing until armed; then throws while rendering, as a page with a bug would. */
function Faulty({ armed }: { armed: boolean }) {
  if (armed) throw new InvalidArgumentError('demo: a value this page cannot show', { field: 'demo', value: 'broken' });
  return null;
}

/** Shows what a visitor sees when a page fails to render: the page's error boundary, with a way back. */
export function FailureDemo() {
  const [armed, setArmed] = useState(false);
  return (
    <section className="card">
      <h2>When a page fails</h2>
      <p className="muted">
        Each page has its own error boundary: a rendering error replaces the page with what failed and a way back, while the nav and status
        bar keep working.
      </p>
      <ActionButton data-testid="break-page" action={() => setArmed(true)}>
        Break this page
      </ActionButton>
      <Faulty armed={armed} />
    </section>
  );
}
