import { useState } from 'react';
import { InvalidArgumentError } from 'exkit';
import { useText } from '../i18n/use-text.js';
import { ActionButton } from './action-button.js';

/** Renders nothing until armed; then throws while rendering, as a page with a bug would. */
function Faulty({ armed, message }: { armed: boolean; message: string }) {
  if (armed) throw new InvalidArgumentError(message, { field: 'demo', value: 'broken' });
  return null;
}

/** Shows what a visitor sees when a page fails to render: the page's error boundary, with a way back. */
export function FailureDemo() {
  const [armed, setArmed] = useState(false);
  const t = useText().failureDemo;
  return (
    <section className="card">
      <h2>{t.heading}</h2>
      <p className="muted">{t.explain}</p>
      <ActionButton data-testid="break-page" action={() => setArmed(true)}>
        {t.break}
      </ActionButton>
      <Faulty armed={armed} message={t.error} />
    </section>
  );
}
