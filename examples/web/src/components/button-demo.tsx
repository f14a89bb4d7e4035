import { useState } from 'react';
import { useButton } from 'exkit/react';
import { useLiveActor } from '../app-context.js';

/** The shared button: a click counts only while idle; disabled and loading ignore it. */
export function ButtonDemo() {
  const [clicks, setClicks] = useState(0);
  const button = useButton(() => setClicks((n) => n + 1));
  useLiveActor('button', button.actor);
  return (
    <section className="card">
      <h2>Button</h2>
      <button {...button.buttonProps} type="button" data-testid="demo-button">
        {button.state === 'loading' ? 'Placing order…' : 'Place order'}
      </button>
      <p className="muted">
        State: <span data-testid="button-state">{button.state}</span> · clicks counted: <span data-testid="button-clicks">{clicks}</span>
      </p>
      {/* Each box shows the machine's state: a change it ignores (loading while disabled) leaves it as it was. */}
      <label className="switch">
        <input type="checkbox" data-testid="button-loading" checked={button.state === 'loading'} onChange={(e) => button.setLoading(e.target.checked)} />
        Loading
      </label>
      <label className="switch">
        <input type="checkbox" data-testid="button-disabled" checked={button.state === 'disabled'} onChange={(e) => button.setDisabled(e.target.checked)} />
        Disabled
      </label>
    </section>
  );
}
