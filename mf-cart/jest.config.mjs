/** Unit and contract tests of the cart remote: jsdom + SWC; build-time constants given fixed values. */
import { browserJestConfig } from '../shared/jest.config.mjs';

export default {
  ...browserJestConfig,
  globals: { __REMOTE_VERSION__: '0.0.0-test', __REMOTE_NAME__: 'cart', __CONTRACT_VERSION__: '1.0.0' },
};
