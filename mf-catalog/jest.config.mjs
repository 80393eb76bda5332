/** Unit and contract tests of the catalog remote: jsdom + SWC; build-time constants given fixed values
 * (the contract one as the build sets it, from shared/package.json). */
import { browserJestConfig } from '../shared/jest.config.mjs';
import { contractVersion } from '../shared/mf-shared.mjs';

export default {
  ...browserJestConfig,
  globals: { __REMOTE_VERSION__: '0.0.0-test', __REMOTE_NAME__: 'catalog', __CONTRACT_VERSION__: contractVersion },
};
