import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface Environment {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  production: boolean;
  demo: boolean;
  adminPassword: string | undefined;
  trustProxy: boolean;
  logLevel: string;
}

/** Server settings from the environment (ARCHITECTURE "Contracts we keep stable"). */
export function readEnvironment(env: NodeJS.ProcessEnv = process.env): Environment {
  const production = env.NODE_ENV === 'production';
  const demoFlag = env.CALLBOARD_DEMO;
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    production,
    demo: demoFlag === undefined || demoFlag === '' ? !production : demoFlag === '1' || demoFlag.toLowerCase() === 'true',
    adminPassword: env.CALLBOARD_ADMIN_PASSWORD || undefined,
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}

/** JWT_SECRET, or one generated once into DATA_DIR/jwt-secret (kept across restarts). */
export function loadJwtSecret(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv && fromEnv.length > 0) return fromEnv;
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}
