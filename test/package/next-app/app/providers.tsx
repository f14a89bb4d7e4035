'use client';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { browserPlatform, createPreferences, headlessPlatform } from 'exkit';
import { createRiskTokenService, createUiKit } from 'exkit/machines';
import { ExkitProvider } from 'exkit/react';
import type { ExkitServices } from 'exkit/react';

/** The app's services, made once per page on the client and once per render on the server. */
function makeServices(): ExkitServices {
  // The server has no page: a headless platform there (its URL is the server's own, so a fetch would reach it).
  const platform =
    typeof window === 'undefined' ? headlessPlatform({ href: `http://127.0.0.1:${process.env['PORT']}/` }) : browserPlatform();
  const preferences = createPreferences(platform);
  const riskToken = createRiskTokenService(platform, {
    fetchToken: async (signal) =>
      (await platform.fetch(new URL('/api/device-token', platform.location.href), signal ? { signal } : {})).text(),
    // ExkitProvider starts it after mount: a server render fetches nothing.
    autoStart: false,
  });
  return { platform, preferences, riskToken, ui: createUiKit(platform) };
}

export function Providers({ children }: { children: ReactNode }) {
  const [services] = useState(makeServices);
  return <ExkitProvider value={services}>{children}</ExkitProvider>;
}
