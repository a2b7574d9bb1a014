/**
 * Preloaded into the cognito-local process (`node --import`), before cognito-local loads: cognito-local signs every
 * token with the key pair that ships in its npm package (`lib/keys/cognitoLocal.{private,public}.json`), which anyone
 * can read, so anyone could forge a token it would accept. This puts the key pair of this data folder
 * (`ATTAIN_COGNITO_KEYS`, a JSON file `{ private: { jwk, pem }, public: { jwk, pem } }` written by `emulators.ts`) in
 * Node's CommonJS module cache under those two files' names, so cognito-local signs with it and publishes its public
 * half at `/<pool>/.well-known/jwks.json`. The shipped files are never read.
 * @throws Error (the process does not start) when the key file is missing or unreadable
 */
import { readFileSync } from 'node:fs';
import { Module, createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import process from 'node:process';

const require = createRequire(import.meta.url);
const keys = JSON.parse(readFileSync(String(process.env.ATTAIN_COGNITO_KEYS), 'utf8'));
const keyDir = dirname(require.resolve('cognito-local/lib/keys/cognitoLocal.private.json'));
for (const [file, value] of [
  ['cognitoLocal.private.json', keys.private],
  ['cognitoLocal.public.json', keys.public],
]) {
  const filename = join(keyDir, file);
  const m = new Module(filename);
  m.filename = filename;
  m.loaded = true;
  m.exports = value;
  require.cache[filename] = m;
}
