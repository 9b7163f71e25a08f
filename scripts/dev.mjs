// Dev mode with hot reload: the API restarts on change (node --watch) on :3001 and Vite
// serves the web app with HMR on :3000, proxying /api to the API.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const children = [
  spawn('npm', ['run', 'dev', '-w', '@agendaki/server'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      NODE_ENV: 'development',
      PORT: '3001',
      PUBLIC_URL: 'http://localhost:3000',
      ...process.env,
    },
  }),
  spawn('npm', ['run', 'dev', '-w', '@agendaki/web'], { cwd: root, stdio: 'inherit' }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
