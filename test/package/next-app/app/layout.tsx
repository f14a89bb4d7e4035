import type { ReactNode } from 'react';
import { Toaster } from 'exkit/react';
import { Providers } from './providers';

// A Server Component rendering exkit's <Toaster /> straight from 'exkit/react': the entry's 'use client'
// directive makes it a client component here.
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <Providers>
          {children}
          <Toaster />
        </Providers>
      </body>
    </html>
  );
}
