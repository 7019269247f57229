// `npm run enquiries:export -- --format csv|json [--since YYYY-MM-DD] [--out FILE]`: the programme
// enquiries for operators (see run-enquiries-export.ts).
import { runEnquiriesExport } from './run-enquiries-export.js';

process.exitCode = await runEnquiriesExport(process.argv.slice(2), {
  env: process.env,
  // npm runs workspace scripts in the workspace folder; INIT_CWD is where the operator typed the command.
  cwd: process.env.INIT_CWD ?? process.cwd(),
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
