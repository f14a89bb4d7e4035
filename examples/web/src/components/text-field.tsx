import { useId } from 'react';
import type { InputHTMLAttributes } from 'react';

/** A labelled input with its error under it (announced, and tied to the input by aria-describedby). */
export function TextField({
  label,
  error,
  ...input
}: { label: string; error?: string | undefined } & InputHTMLAttributes<HTMLInputElement>) {
  const errorId = useId();
  return (
    <label className="field">
      <span>{label}</span>
      <input {...input} aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} />
      {error ? (
        <small id={errorId} className="error" role="alert" data-field-error={input.name}>
          {error}
        </small>
      ) : null}
    </label>
  );
}
