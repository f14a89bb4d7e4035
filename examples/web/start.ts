// `npm start`: builds the package and the example app, starts the reference gateway and the app on one
// origin, and prints the URL. Stop with Ctrl-C.
import { buildApp, buildPackage, startExampleServers } from './servers.js';

const port = Number(process.env.PORT ?? 5173);
console.log('building exkit (dist/)…');
await buildPackage();
console.log('building the example app (examples/web/dist/)…');
await buildApp();
const servers = await startExampleServers({ port });
console.log(`\nexkit example exchange: ${servers.url}/`);
console.log(`reference gateway (test keys only, never in production): ${servers.gateway.url}`);
const stop = () => {
  void servers.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
