'use client';
import { useEffect } from 'react';
import { useButton, usePreferences, useReducedMotion, useRiskToken, useToast } from 'exkit/react';

export function Status() {
  const risk = useRiskToken();
  const { preferences, setPreferences } = usePreferences();
  const reduced = useReducedMotion();
  const toast = useToast();
  const { getButtonProps } = useButton(() => toast.success('Saved'));
  useEffect(() => {
    document.documentElement.dataset['mounted'] = 'true';
  }, []);
  return (
    <main dir={preferences.direction}>
      <p data-testid="risk">{`${risk.status} ${risk.kind ?? 'none'}`}</p>
      <p data-testid="language">{preferences.language}</p>
      <p data-testid="motion">{reduced ? 'reduced' : 'full'}</p>
      <button {...getButtonProps()}>Save</button>
      <button type="button" onClick={() => setPreferences({ language: 'ar' })}>
        Arabic
      </button>
    </main>
  );
}
