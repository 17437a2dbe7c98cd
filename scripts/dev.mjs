// `npm run dev`: the API with reload (tsx watch) and Vite with hot module replacement, together.
// Vite proxies /api and /hub to the API (vite.config.ts). Both children stop when this process
// stops or when either of them exits.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const bin = (pkg, file) => path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file);

const env = { ...process.env, PORT: process.env.PORT ?? '8080' };
const children = [
  { name: 'api', args: [bin('tsx', 'dist/cli.mjs'), 'watch', '--clear-screen=false', 'server/main.ts'] },
  { name: 'web', args: [bin('vite', 'bin/vite.js')] },
].map(({ name, args }) => {
  const child = spawn(process.execPath, args, { stdio: 'inherit', env });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[dev] ${name} exited (${signal ?? code}); stopping the other one`);
      stop(code ?? 1);
    }
  });
  return child;
});

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  const alive = children.filter((c) => c.exitCode === null && c.signalCode === null);
  for (const child of alive) child.kill('SIGTERM');
  let left = alive.length;
  if (left === 0) process.exit(code);
  for (const child of alive) child.on('exit', () => --left === 0 && process.exit(code));
  // a child that ignores SIGTERM is killed after 5 s
  setTimeout(() => {
    for (const child of alive) if (child.exitCode === null) child.kill('SIGKILL');
    process.exit(code);
  }, 5000).unref();
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
