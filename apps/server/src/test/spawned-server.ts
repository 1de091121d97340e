import { spawn } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';

/** The server package, where `node --import tsx src/main.ts` runs as `npm run start -w apps/server` does. */
const SERVER_DIR = fileURLToPath(new URL('../../', import.meta.url));
const START_TIMEOUT_MS = 40_000;

export type Finished = { code: number | null; stdout: string; stderr: string };

/** Runs a server script (`src/main.ts`, `src/commands/…`) to its end with exactly this environment. */
export const runScript = (script: string, args: readonly string[], env: Record<string, string>): Promise<Finished> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: SERVER_DIR,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), START_TIMEOUT_MS);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });

export type RunningServer = {
  port: number;
  /** Everything it wrote so far, stdout and stderr. */
  output: () => string;
  /** SIGTERM, then its whole output once it has exited. */
  stop: () => Promise<string>;
};

/** Starts src/main.ts and waits for its banner ("http://127.0.0.1:<port>/"); HOST must be 127.0.0.1. */
export const startServer = async (env: Record<string, string>): Promise<RunningServer> => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { ...env, HOST: '127.0.0.1', PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`not listening after ${START_TIMEOUT_MS} ms:\n${output}`)),
      START_TIMEOUT_MS,
    );
    const keep = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    void exited.then(() => reject(new Error(`exited before listening:\n${output}`)));
  });
  return {
    port,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      return output;
    },
  };
};

export type Answer = { status: number; body: { success?: boolean; code?: string; value?: unknown } | null };

/** One HTTP call with a Host header of our choosing (fetch does not let a caller set it). */
export const call = (
  port: number,
  method: string,
  path: string,
  { host, body, token }: { host: string; body?: unknown; token?: string },
): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: {
          host,
          accept: 'application/json',
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
        },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        response.on('end', () => {
          let parsed: Answer['body'] = null;
          try {
            parsed = JSON.parse(text) as Answer['body'];
          } catch {
            parsed = null;
          }
          resolve({ status: response.statusCode ?? 0, body: parsed });
        });
      },
    );
    request.once('error', reject);
    request.end(payload);
  });
