import { randomInt } from 'node:crypto';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { hash } from '@node-rs/argon2';
import { isUniqueViolation } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { App } from '../../types.js';
import { createAuthRepository } from './auth.repository.js';
import { DATA_DIR_MODE } from '../../lib/data-dir.js';

export const DEMO_EMAIL = 'demo@nuvem.local';
const SEED_KEY = 'seed:demo-user';

/** 16 characters with at least one upper-case letter, lower-case letter, digit and symbol. */
export function generatePassword(length = 16): string {
  const sets = ['ABCDEFGHJKLMNPQRSTUVWXYZ', 'abcdefghijkmnopqrstuvwxyz', '23456789', '!@#$%^&*-_=+'];
  const all = sets.join('');
  const chars = sets.map((set) => set.charAt(randomInt(set.length)));
  while (chars.length < length) chars.push(all.charAt(randomInt(all.length)));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? ''];
  }
  return chars.join('');
}

/**
 * On the first start of an installation, creates a demo user with a fresh random password and
 * prints both (and keeps them in DATA_DIR/demo-credentials.txt, readable by the owner only).
 * Later starts, and SEED_DEMO=false, do nothing.
 */
export async function seedDemoUser(app: App): Promise<void> {
  const repo = createAuthRepository(app.db);
  if ((await repo.findMeta(SEED_KEY)) !== undefined) return;
  const password = generatePassword();
  const passwordHash = await hash(password);
  let created: boolean;
  try {
    created = await repo.transaction(async (tx) => {
      await tx.insertMeta(SEED_KEY, { email: DEMO_EMAIL, at: new Date().toISOString() });
      if (await tx.findUserByEmail(DEMO_EMAIL)) return false; // someone registered it: leave it alone
      await tx.insertUser({
        id: newId('user'),
        email: DEMO_EMAIL,
        passwordHash,
        displayName: 'Demo User',
        emailVerified: true,
      });
      return true;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return; // another instance seeded at the same moment
    throw error;
  }
  if (!created) return;

  const file = join(app.config.dataDir, 'demo-credentials.txt');
  await mkdir(app.config.dataDir, { recursive: true, mode: DATA_DIR_MODE });
  await writeFile(file, `e-mail: ${DEMO_EMAIL}\npassword: ${password}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  app.log.info({ email: DEMO_EMAIL }, 'demo user created');
  console.log(
    [
      '',
      '  Demo account created (first start; SEED_DEMO=false skips this):',
      `    e-mail:   ${DEMO_EMAIL}`,
      `    password: ${password}`,
      `  Saved in ${file}`,
      '',
    ].join('\n'),
  );
}
