// Helpers the specs share: the shop's address and remotes.json editing.
import fs from 'node:fs';

export const baseURL = () => process.env.E2E_BASE_URL as string;

/** Rewrites remotes.json (the shell server reads it on every request). */
export function setRemotes(patch: Record<string, string>) {
  const file = process.env.E2E_REMOTES_FILE as string;
  const current = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
  fs.writeFileSync(file, JSON.stringify({ ...current, ...patch }, null, 2));
}

/** Puts remotes.json back as `pnpm start` wrote it. */
export function resetRemotes() {
  fs.writeFileSync(process.env.E2E_REMOTES_FILE as string, process.env.E2E_REMOTES_DEFAULT as string);
}
