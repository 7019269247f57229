// `npm run ai-security:reports -- [--days N]`: the users' false-alarm reports on the AI security
// layer, as JSON lines, for the operator (see run-ai-security-reports.ts).
import { runAiSecurityReports } from './run-ai-security-reports.js';

process.exitCode = await runAiSecurityReports(process.argv.slice(2), {
  env: process.env,
  // npm runs workspace scripts in the workspace folder; INIT_CWD is where the operator typed the command.
  cwd: process.env.INIT_CWD ?? process.cwd(),
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
