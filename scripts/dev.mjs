// `npm run dev`: the API server (reloading on change) and the Vite dev server (proxying /v1 to it) side by side.
import { spawn } from 'node:child_process';

const procs = [
  spawn('npm', ['run', 'dev', '-w', '@outing/server'], {
    stdio: 'inherit',
    env: {
      NODE_ENV: 'development',
      LOG_FORMAT: 'pretty',
      PUBLIC_URL: 'http://localhost:5173',
      ...process.env,
    },
  }),
  spawn('npm', ['run', 'dev', '-w', '@outing/web'], { stdio: 'inherit' }),
];
let stopping = false;
const stop = (code = 0) => {
  if (stopping) return;
  stopping = true;
  for (const p of procs) if (p.exitCode === null) p.kill('SIGINT');
  setTimeout(() => process.exit(code), 3000).unref();
};
for (const p of procs) p.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
