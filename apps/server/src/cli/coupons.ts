// `npm run coupons -- add|list|disable …`: the operator's coupons (see run-coupons.ts).
import { runCoupons } from './run-coupons.js';

process.exitCode = await runCoupons(process.argv.slice(2), {
  env: process.env,
  cwd: process.env.INIT_CWD ?? process.cwd(),
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
