import { appendFileSync } from 'node:fs';

// The device service: a success token (40 characters); each call's user agent is logged for the test.
export function GET(request: Request) {
  const log = process.env['EXKIT_TOKEN_LOG'];
  if (log) appendFileSync(log, `${request.headers.get('user-agent') ?? ''}\n`);
  return new Response('t'.repeat(40), { headers: { 'content-type': 'text/plain', 'cache-control': 'no-store' } });
}

export const dynamic = 'force-dynamic';
