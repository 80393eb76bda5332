// mf-account: sign-in dialog, account (profile, photo, logout), account/orders. Everything it exposes is listed here.
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { remoteConfig } from '@bozor/shared/build/remote-config';

export default remoteConfig({
  dir: path.dirname(fileURLToPath(import.meta.url)),
  name: 'account',
  port: 3104,
  exposes: {
    './Routes': './src/routes.tsx',
    './SignInDialog': './src/components/SignInDialog.tsx',
  },
});
