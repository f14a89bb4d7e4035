// `npm start`: the reference gateway and the app's dev server (the package from source, no build) on one
// origin; prints the URL. Port 5173 unless PORT names one: without PORT a taken 5173 falls back to the next
// free port; a PORT that is taken ends with one line saying so. Stop with Ctrl-C.
import { PortInUseError, startExampleServers } from './servers.js';

const started = performance.now();
const chosen = process.env.PORT;
const port = chosen === undefined || chosen === '' ? 5173 : Number(chosen);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`PORT=${chosen} is not a port number (0 to 65535; 0 picks a free one)`);
  process.exit(1);
}
try {
  const servers = await startExampleServers({ port, whenTaken: chosen === undefined || chosen === '' ? 'next' : 'fail' });
  if (servers.portTaken !== undefined)
    console.log(`port ${servers.portTaken} is in use; serving on ${new URL(servers.url).port} instead (PORT=<port> npm start to choose)`);
  console.log(`\nexkit example exchange: ${servers.url}/  (ready in ${((performance.now() - started) / 1000).toFixed(1)} s)`);
  console.log(`reference gateway (test keys only, never in production): ${servers.gateway.url}`);
  const stop = () => {
    void servers.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  if (!(error instanceof PortInUseError)) throw error;
  console.error(`port ${error.port} is in use: set PORT to a free port (PORT=0 picks one), e.g. PORT=${error.port + 1} npm start`);
  process.exit(1);
}
