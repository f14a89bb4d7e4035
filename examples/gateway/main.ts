// Runs the reference gateway on its own: `npx tsx examples/gateway/main.ts [port]`.
import { startGateway } from './gateway.js';

const gateway = await startGateway({ port: Number(process.argv[2] ?? 8787) });
console.log(`reference gateway on ${gateway.url} (test keys from examples/gateway/fixtures: never use in production)`);
