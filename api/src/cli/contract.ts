/**
 * `pnpm contract` — writes the OpenAPI document built from the routes (docs/openapi.json) and the
 * browser client's types generated from it (shared/src/api/openapi.ts). api/test/contract.test.ts
 * fails while either is behind the routes.
 */
import fs from 'node:fs';
import { contractFiles, renderContract } from '../http/contract-files.js';

async function main(): Promise<void> {
  const { document, types } = await renderContract();
  fs.writeFileSync(contractFiles.document, document);
  fs.writeFileSync(contractFiles.types, types);
  process.stdout.write(`wrote ${contractFiles.document}\nwrote ${contractFiles.types}\n`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
    process.exit(1);
  },
);
