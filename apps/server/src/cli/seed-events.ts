// `npm run seed:events -- --count N`: a deterministic events catalogue (see run-seed-events.ts).
import { runSeedEvents } from './run-seed-events.js';

process.exitCode = await runSeedEvents(process.argv.slice(2), {
  env: process.env,
  cwd: process.env.INIT_CWD ?? process.cwd(),
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
