/**
 * `npm run user:create -- --email a@b.c [--password …] [--admin] [--fName …] [--lName …]`
 *
 * Creates a verified account (and its organisation) for a first deployment, in the database
 * the server uses (DATABASE_URL, else the embedded database under DATA_DIR, which defaults to
 * the repository's `data/` like `npm start`). Without --password one is generated and printed
 * once. With the embedded database, stop the server first: only one process may open it.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  DEFAULT_PLAN,
  emailSchema,
  ERROR_MESSAGES_EN,
  isErrorKey,
  passwordSchema,
  ROLES,
  VALIDATION_I18N_EN,
} from '@candid/domain';
import { loadConfig, loadEnvFile } from '../config';
import { openDatabase, type Db } from '../db/client';
import { isAppError } from '../lib/app-error';
import { generatePassword, hashPassword } from '../modules/auth/passwords';
import { createUser, type UserRow } from '../modules/users/users.service';

export interface UserCreateOptions {
  email: string;
  password?: string;
  admin: boolean;
  fName?: string;
  lName?: string;
}

export class UsageError extends Error {}

const USAGE =
  'Usage: npm run user:create -- --email <email> [--password <password>] [--admin] [--fName <name>] [--lName <name>]';

/** Reads the command line; UsageError for anything missing or unknown. */
export function parseUserCreateArgs(argv: string[]): UserCreateOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        admin: { type: 'boolean', default: false },
        fName: { type: 'string' },
        lName: { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
  if (!values.email) throw new UsageError(`--email is required\n${USAGE}`);
  return {
    email: values.email,
    password: values.password,
    admin: values.admin ?? false,
    fName: values.fName,
    lName: values.lName,
  };
}

/** A rule's message key in English words: a validation key, or an error key (`errors.X`). */
function ruleMessage(message: string): string {
  const errorKey = message.startsWith('errors.') ? message.slice('errors.'.length) : null;
  if (errorKey !== null && isErrorKey(errorKey)) return ERROR_MESSAGES_EN[errorKey];
  return VALIDATION_I18N_EN[message as keyof typeof VALIDATION_I18N_EN] ?? message;
}

/**
 * Creates the verified account (role admin with `admin`) in its own organisation. The
 * password follows the product's rule; a generated one is returned so it can be shown once.
 */
export async function createUserFromCli(
  db: Db,
  options: UserCreateOptions,
): Promise<{ user: UserRow; password: string; isGenerated: boolean }> {
  const email = emailSchema.safeParse(options.email);
  if (!email.success)
    throw new UsageError(`--email: ${ruleMessage(email.error.issues[0]!.message)}`);
  const isGenerated = options.password === undefined;
  const password = options.password ?? generatePassword();
  const checked = passwordSchema.safeParse(password);
  if (!checked.success) {
    throw new UsageError(`--password: ${ruleMessage(checked.error.issues[0]!.message)}`);
  }
  const fName = options.fName?.trim() || (options.admin ? 'Admin' : email.data.split('@')[0]!);
  try {
    const user = await createUser(db, {
      fName,
      lName: options.lName?.trim() ?? '',
      email: email.data,
      passwordHash: await hashPassword(password),
      role: options.admin ? ROLES.ADMIN : ROLES.USER,
      perm: DEFAULT_PLAN,
      advancedPrm: {},
      emailVerified: true,
      language: 'en',
    });
    return { user, password, isGenerated };
  } catch (error) {
    if (isAppError(error) && error.key === 'EMAIL_TAKEN_ERR') {
      throw new UsageError(`An account with the email ${email.data} already exists.`);
    }
    throw error;
  }
}

/** The repository's `data/` folder, where `npm start` keeps its data unless DATA_DIR is set. */
function defaultDataDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const root = path.resolve(here, '../../../..');
  return existsSync(path.join(root, 'package.json')) ? path.join(root, 'data') : './data';
}

async function main(): Promise<void> {
  const options = parseUserCreateArgs(process.argv.slice(2));
  loadEnvFile();
  const config = loadConfig({ ...process.env, DATA_DIR: process.env.DATA_DIR ?? defaultDataDir() });
  const database = await openDatabase(config.database);
  try {
    const { user, password, isGenerated } = await createUserFromCli(database.db, options);
    const where =
      config.database.driver === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : config.dataDir;
    console.log(`Created ${user.role} ${user.email} (id ${user.id}) in ${where}.`);
    if (isGenerated) console.log(`Password (shown only this once): ${password}`);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof UsageError ? error.message : error);
    process.exit(1);
  });
}
